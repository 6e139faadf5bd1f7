// Per-caller limits on the public and payment endpoints (the account ones live in lib/auth/accounts.ts).
// Generous per address: Nigerian mobile networks put many customers behind one carrier-grade NAT.
import { createLimiter } from "./rate-limit";

export const LIMITS = {
  /** Bank account resolution (each one is a processor API call), per user. */
  accountResolution: createLimiter("account-resolution", 20, 10 * 60),
  /** GET /api/payment-links/:slug, per address. */
  linkRead: createLimiter("link-read-ip", 300, 60),
  /** POST /api/transactions/initiate without a key (hosted pages), per address. */
  initiateByIp: createLimiter("initiate-ip", 30, 60),
  /** POST /api/transactions/initiate with a secret key, per merchant and mode (a server calls from few addresses). */
  initiateByKey: createLimiter("initiate-key", 600, 60),
  /** The hosted pages' pay forms (/pay/{slug}/checkout, /invoice/{id}/pay), per address. */
  hostedForm: createLimiter("hosted-form-ip", 60, 60),
  /** Forgot-password and reset-password, per address (the e-mail sends are also limited per address). */
  passwordReset: createLimiter("password-reset-ip", 20, 60 * 60),
};
