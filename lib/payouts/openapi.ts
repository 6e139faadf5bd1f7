import { z } from "@/lib/zod";
import { pageOf, paths } from "@/lib/api/openapi/operation";
import { MessageSchema, PayoutSchema, SettlementAccountSchema, TransactionSchema } from "@/lib/api/openapi/resources";
import { payoutListQuerySchema, resolveAccountSchema, settlementAccountSchema } from "./schemas";

const BankSchema = z.object({ code: z.string().meta({ example: "058" }), name: z.string().meta({ example: "Guaranty Trust Bank" }) });
const StepSchema = z.object({
  key: z.enum(["business_profile", "settlement_account", "owner_two_factor", "live_processor"]),
  label: z.string(),
  done: z.boolean(),
  by: z
    .enum(["merchant", "platform"])
    .meta({ description: "Who does the step: `platform` steps (a live payment processor) are the operator's; the merchant can only wait" }),
});

export const payoutPaths = paths("Payouts", "userOrKey", {
  "/api/banks": {
    get: {
      operationId: "listBanks",
      summary: "List banks",
      description: "Nigerian banks that can receive settlements (from the processor, cached daily)",
      errors: [502],
      ok: { 200: ["Banks", z.object({ banks: z.array(BankSchema) })] },
    },
  },
  "/api/merchants/{merchantId}/settlement-account": {
    get: {
      operationId: "getSettlementAccount",
      summary: "Get the settlement account",
      description: "The settlement account (account number: last four digits only)",
      ok: { 200: ["The account, or null", z.object({ settlementAccount: SettlementAccountSchema.nullable() })] },
    },
    put: {
      operationId: "setSettlementAccount",
      summary: "Set the settlement account",
      description:
        "Owners and admins. The processor resolves the account's name; the change is confirmed with `password` or a two-factor `code` (wrong ones count against the account's confirmation attempts, 10 per 15 minutes shared with every other confirmation, then 429), creates or updates the merchant's processor subaccounts (one change at a time per merchant, so the processors and this account always name the same bank account), is audited and is e-mailed to the owner. `warning` says when the account name differs from the business name (it does not block).",
      auth: "user",
      body: settlementAccountSchema,
      errors: [[409, "Another change to this merchant's payout settings held its turn too long; try again"], 422, 429, 502],
      ok: { 200: ["Saved", MessageSchema.extend({ settlementAccount: SettlementAccountSchema, warning: z.string().nullable() })] },
    },
  },
  "/api/merchants/{merchantId}/settlement-account/resolve": {
    post: {
      operationId: "resolveSettlementAccount",
      summary: "Resolve a bank account",
      description: "Look up an account's name before saving it (nothing is saved)",
      auth: "user",
      body: resolveAccountSchema,
      errors: [422, 429, 502],
      ok: {
        200: ["Resolved", z.object({ account: SettlementAccountSchema.omit({ status: true, updatedAt: true }).extend({ nameMatchesBusiness: z.boolean() }) })],
      },
    },
  },
  "/api/merchants/{merchantId}/activation": {
    get: {
      operationId: "getActivation",
      summary: "Get the go-live checklist",
      description: "The go-live checklist: the merchant's steps, and the platform's (`live_processor`: the operator has connected a live payment processor).",
      auth: "user",
      ok: { 200: ["Checklist", z.object({ ready: z.boolean(), steps: z.array(StepSchema), missing: z.array(StepSchema.shape.key) })] },
    },
  },
  "/api/merchants/{merchantId}/payouts": {
    get: {
      operationId: "listPayouts",
      summary: "List payouts",
      description: "Payouts to the merchant's bank, newest first (cursor pages, current mode)",
      query: payoutListQuerySchema,
      ok: { 200: ["A page of payouts", pageOf(PayoutSchema)] },
    },
  },
  "/api/merchants/{merchantId}/payouts/{payoutId}": {
    get: {
      operationId: "getPayout",
      summary: "Get a payout",
      description: "A payout and the transactions it paid.",
      ok: { 200: ["The payout", z.object({ payout: PayoutSchema, transactions: z.array(TransactionSchema) })] },
    },
  },
});
