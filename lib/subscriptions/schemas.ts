import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { blankAsMissing, pageQuery } from "@/lib/api/pagination";
import { MAX_AMOUNT_KOBO, MIN_AMOUNT_KOBO } from "@/lib/payments/money";
import { amountKobo } from "@/lib/payments/schemas";
import { customerSearchParam } from "@/lib/customers/schemas";

export const PLAN_INTERVALS = ["daily", "weekly", "monthly", "quarterly", "annually"] as const;
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "unpaid", "canceled"] as const;
export const MAX_TRIAL_DAYS = 365;

const name = z.string({ error: "name is required" }).trim().min(1, "name is required").max(120, "name must be at most 120 characters");
const description = z.string({ error: "description must be a string" }).trim().max(1000, "description must be at most 1000 characters");
/** Each period is one card charge: at least the ₦50 every payment needs, at most the platform's cap. */
const amount = amountKobo("amount")
  .min(MIN_AMOUNT_KOBO, `amount must be at least ${MIN_AMOUNT_KOBO} kobo (₦50)`)
  .max(MAX_AMOUNT_KOBO, `amount must be at most ${MAX_AMOUNT_KOBO} kobo`);
const interval = z.enum(PLAN_INTERVALS, { error: `interval must be one of ${PLAN_INTERVALS.join(", ")}` });
const trialDays = z
  .number({ error: "trialDays must be a whole number of days" })
  .int("trialDays must be a whole number of days")
  .min(0, `trialDays must be from 0 to ${MAX_TRIAL_DAYS}`)
  .max(MAX_TRIAL_DAYS, `trialDays must be from 0 to ${MAX_TRIAL_DAYS}`);

export const createPlanSchema = z.object({
  name,
  amount,
  currency: fields.currency(),
  interval,
  description: description.optional(),
  trialDays: trialDays.optional(),
});
export type CreatePlanInput = z.output<typeof createPlanSchema>;

/**
 * Partial: what is sent changes. amount and trialDays apply to new subscriptions only (each keeps the
 * price and trial it started with). interval never changes: a plan's subscribers all renew on its
 * interval, and "Monthly" turning weekly under them would mislead; create a new plan instead.
 */
export const updatePlanSchema = z
  .strictObject(
    {
      name: name.optional(),
      description: description.nullable().optional(),
      amount: amount.optional(),
      trialDays: trialDays.optional(),
      active: z.boolean({ error: "active must be true or false" }).optional(),
    },
    {
      error: (issue) => {
        if (issue.code !== "unrecognized_keys") return undefined;
        if (issue.keys.includes("interval")) return "interval cannot change once a plan exists: create a new plan (subscribers keep theirs)";
        return `Unknown field(s): ${issue.keys.join(", ")}`;
      },
    },
  )
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdatePlanInput = z.output<typeof updatePlanSchema>;

export const planParams = z.object({ planId: fields.uuid("planId") });
export const subscriptionParams = z.object({ subscriptionId: fields.uuid("subscriptionId") });

export const planListQuery = z.object({
  status: blankAsMissing(
    z
      .enum(["active", "inactive"], { error: "status must be active or inactive" })
      .optional()
      .meta({ description: "active: taking new subscribers; inactive: deactivated" }),
  ),
  ...pageQuery,
});
export type PlanListQuery = z.output<typeof planListQuery>;

export const subscriptionListQuery = z.object({
  status: blankAsMissing(z.enum(SUBSCRIPTION_STATUSES, { error: `status must be one of ${SUBSCRIPTION_STATUSES.join(", ")}` }).optional()),
  planId: blankAsMissing(fields.uuid("planId").optional()),
  email: customerSearchParam("email", "Part of the customer's e-mail, any case"),
  ...pageQuery,
});
export type SubscriptionListQuery = z.output<typeof subscriptionListQuery>;

export const cancelSubscriptionSchema = z.strictObject(
  {
    atPeriodEnd: z
      .boolean({ error: "atPeriodEnd must be true or false" })
      .default(false)
      .meta({ description: "true: keep it until the end of the paid (or trial) period, then end it; false (default): end it now" }),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
);

export const DUNNING_END_STATES = ["unpaid", "canceled"] as const;
export const MAX_DUNNING_RETRIES = 8;
export const MAX_DUNNING_DAY = 30;

const RETRY_DAYS_HELP = "Days after a failed renewal on which it is tried again, strictly increasing";
const retryDays = z
  .array(
    z
      .number({ error: "each retry day must be a whole number" })
      .int("each retry day must be a whole number")
      .min(1, `each retry day must be from 1 to ${MAX_DUNNING_DAY}`)
      .max(MAX_DUNNING_DAY, `each retry day must be from 1 to ${MAX_DUNNING_DAY}`),
    { error: "retryDays must be a list of days, e.g. [1, 3, 5, 7]" },
  )
  .min(1, "retryDays needs at least one day")
  .max(MAX_DUNNING_RETRIES, `retryDays may have at most ${MAX_DUNNING_RETRIES} days`)
  .refine((days) => days.every((day, i) => i === 0 || day > days[i - 1]!), "retryDays must be strictly increasing, e.g. [1, 3, 5, 7]")
  .meta({ description: RETRY_DAYS_HELP, example: [1, 3, 5, 7] });
const endState = z
  .enum(DUNNING_END_STATES, { error: "endState must be unpaid or canceled" })
  .meta({ description: "What a subscription becomes after its last retry fails: unpaid (kept; the customer can still pay) or canceled" });

/** PUT …/dunning: send either or both. */
export const dunningUpdateSchema = z
  .strictObject(
    { retryDays: retryDays.optional(), endState: endState.optional() },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .refine((body) => Object.keys(body).length > 0, "Send retryDays, endState or both");
export type DunningUpdate = z.output<typeof dunningUpdateSchema>;

export const DunningSettingsSchema = z
  .object({ retryDays: z.array(z.int()).meta({ description: RETRY_DAYS_HELP, example: [1, 3, 5, 7] }), endState })
  .meta({ id: "DunningSettings", description: "How failed renewals are retried, for the whole business (both modes)." });
