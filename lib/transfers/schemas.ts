import { z } from "@/lib/zod";
import { amountKobo } from "@/lib/payments/schemas";

/** Path of a customer's virtual account and credit: any string (a malformed id answers 404 like an unknown one). */
export const customerParams = z.object({ customerId: z.string() });

/**
 * POST …/virtual-account: what some processors need to issue a permanent account (Flutterwave: a
 * BVN). Passed to the processor only: never stored nor logged.
 */
export const virtualAccountBody = z.object({
  bvn: z
    .string()
    .regex(/^\d{11}$/, "bvn must be the customer's 11-digit Bank Verification Number")
    .optional()
    .meta({ description: "The customer's Bank Verification Number (Flutterwave requires it); sent to the processor, never stored", example: "12345678901" }),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{7,15}$/, "phone must be 7 to 15 digits, optionally after +")
    .optional()
    .meta({ description: "The customer's phone number, for the processor" }),
});
export type VirtualAccountBody = z.output<typeof virtualAccountBody>;

/** POST …/credit/refund: the whole balance when amount is left out (an empty body reads as {}). */
export const creditRefundBody = z.object({ amount: amountKobo("Refund amount").positive("Refund amount must be positive").optional() });

/** POST /api/dev/transfers: a transfer into a virtual account, as the sandbox would report it. */
export const devTransferBody = z.object({
  accountNumber: z
    .string()
    .regex(/^\d{10}$/, "accountNumber must be 10 digits")
    .meta({ example: "9912345678" }),
  amount: amountKobo().positive("Amount must be positive"),
  senderName: z.string().trim().min(1).max(100, "senderName must be at most 100 characters").optional(),
});
