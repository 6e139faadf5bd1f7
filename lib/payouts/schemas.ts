import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { pageQuery } from "@/lib/api/pagination";

const bankCode = z
  .string({ error: "bankCode is required" })
  .trim()
  .regex(/^[0-9A-Za-z]{3,10}$/, "bankCode must be a bank code from GET /api/banks")
  .meta({ example: "058" });
const accountNumber = z
  .string({ error: "accountNumber is required" })
  .trim()
  .regex(/^\d{10}$/, "accountNumber must be the 10-digit account number (NUBAN)")
  // The sandbox resolves this one (README).
  .meta({ example: "0123456789" });

export const resolveAccountSchema = z.object({ bankCode, accountNumber });

/** Saving decides where the money goes, so it is confirmed with the password or a two-factor code. */
export const settlementAccountSchema = z.object({
  bankCode,
  accountNumber,
  password: z.string().max(200, "password is too long").optional(),
  code: z.string().trim().max(64, "code is too long").optional(),
});
export type SettlementAccountInput = z.infer<typeof settlementAccountSchema>;

export const payoutListQuerySchema = z.object({ ...pageQuery });
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;

export const payoutParams = z.object({ payoutId: fields.uuid("payoutId") });
