// Every per-caller rate limit.
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
  /** Failed log-ins per e-mail address, and per caller address. */
  loginByEmail: createLimiter("login-email", 10, 15 * 60),
  loginByIp: createLimiter("login-ip", 50, 15 * 60),
  /** Verification and reset e-mails, per recipient address. */
  emailSends: createLimiter("email-send", 5, 60 * 60),
  /** Sign-ups, per caller address. */
  signupByIp: createLimiter("signup-ip", 20, 60 * 60),
  /** Invitations (new and resent) e-mail people outside the business: per merchant. */
  invitationsByMerchant: createLimiter("invitations-merchant", 20, 60 * 60),
  /**
   * Receipts, refund e-mails and invoices a business sends its customers, per merchant and mode: over
   * the limit they are suppressed (lib/email/queue.ts), never the payment refused. Test mode costs an
   * attacker nothing, so it gets far fewer.
   */
  customerEmailsTest: createLimiter("customer-emails-test", 100, 60 * 60),
  customerEmailsLive: createLimiter("customer-emails-live", 5_000, 60 * 60),
  /** Invitation resends e-mail someone who may not want it: per invitation. */
  invitationResend: createLimiter("invitation-resend", 5, 60 * 60),
  /**
   * Every confirmation with the password or a two-factor code, per account (lib/auth/confirm-identity.ts):
   * log-in's code, password change, two-factor set-up, confirmation and turning off, new recovery
   * codes, settlement account changes. One counter, so a stolen session cannot spread its guesses
   * over several routes. Spent before the check (a burst of parallel guesses cannot overrun it) and
   * given back on success, so only failures add up.
   */
  confirmation: createLimiter("confirmation", 10, 15 * 60),
};
