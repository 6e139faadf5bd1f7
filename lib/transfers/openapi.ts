import { z } from "@/lib/zod";
import { paths, type PathTable } from "@/lib/api/openapi/operation";
import { CustomerSchema } from "@/lib/customers/openapi";
import { creditRefundBody, devTransferBody, virtualAccountBody } from "./schemas";

export const VirtualAccountSchema = z
  .object({
    bankName: z.string().meta({ example: "Wema Bank" }),
    accountNumber: z.string().meta({ description: "10 digits (NUBAN)", example: "9012345678" }),
    accountName: z.string().meta({ example: "Adaeze's Kitchen / Chidi Okafor" }),
    status: z.string().meta({ description: "active, or inactive when the processor deactivated it", example: "active" }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "VirtualAccount", description: "A bank account number of the customer's own: transfers to it are their payments" });

const virtualAccountAnswer = z.object({ virtualAccount: VirtualAccountSchema });

export const transferPaths = paths("Customers", "userOrKey", {
  "/api/merchants/{merchantId}/customers/{customerId}/virtual-account": {
    get: {
      operationId: "getVirtualAccount",
      summary: "Get a customer's account number",
      description: "404 `No account number for this customer yet` until one is issued (POST, or an invoice sent with `assignVirtualAccounts` on).",
      ok: { 200: ["The customer's account number", virtualAccountAnswer] },
    },
    post: {
      operationId: "createVirtualAccount",
      summary: "Issue a customer an account number",
      description:
        "A bank account number of the customer's own, at the mode's processor (Paystack dedicated account, Flutterwave static account, or the sandbox). Transfers into it are matched to the customer: their open invoices oldest first, the rest their credit. One per customer and mode: 201 when issued, 200 with the same account when they already have one. `bvn` (Flutterwave requires it) goes to the processor only and is never stored.",
      auth: "user",
      body: virtualAccountBody,
      errors: [
        [409, "Another request is issuing this customer's account, or a live business has no settlement account yet"],
        [422, "The processor refused (its words after `Payment processor error:`), e.g. a BVN it needs"],
        502,
      ],
      ok: { 201: ["Issued", virtualAccountAnswer], 200: ["The customer already had this account", virtualAccountAnswer] },
    },
  },
  "/api/merchants/{merchantId}/customers/{customerId}/credit/refund": {
    post: {
      operationId: "refundCustomerCredit",
      summary: "Refund a customer's credit",
      description:
        "Gives back the customer's credit (all of it, or `amount` kobo) by refunding the bank transfers that made it, newest first, each at most what is still refundable of it. 400 when the amount is more than the balance. A refund the processor refuses restores its part of the credit.",
      body: creditRefundBody,
      idempotent: true,
      errors: [409, 502],
      ok: { 200: ["The customer, with the lowered balance", z.object({ customer: CustomerSchema })] },
    },
  },
});

/** POST /api/dev/transfers (listed with the other development helpers, lib/api/openapi/document.ts). */
export const devTransferOperation: NonNullable<PathTable[string]["post"]> = {
  operationId: "simulateTransfer",
  summary: "Simulate a bank transfer (development)",
  description:
    "Development only (404 in production unless DEV_MAILBOX=1): a transfer of `amount` kobo into a sandbox account number, reported by the sandbox's signed webhook. `outcome` says what became of it: `completed` (matched and settled), `unknown_account`, `duplicate`…; `reference` is the transaction made (null when none).",
  body: devTransferBody,
  errors: [404],
  ok: {
    200: [
      "What became of the transfer",
      z.object({ transfer: z.object({ reference: z.string().nullable(), processorReference: z.string(), outcome: z.string() }) }),
    ],
  },
};
