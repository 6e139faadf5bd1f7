// The dashboard's plan form: what people type (strings, naira) -> the API body (kobo). Client-safe
// (no server imports). lib/subscriptions/schemas.ts stays the authority: form.test.ts checks that
// every body built here passes it.
import { z } from "@/lib/zod";
import { MAX_AMOUNT_KOBO, MIN_AMOUNT_KOBO, koboToNairaInput, parseNairaInput } from "@/lib/payments/money";

export const INTERVAL_OPTIONS = [
  { value: "daily", label: "Daily", every: "day" },
  { value: "weekly", label: "Weekly", every: "week" },
  { value: "monthly", label: "Monthly", every: "month" },
  { value: "quarterly", label: "Quarterly", every: "3 months" },
  { value: "annually", label: "Yearly", every: "year" },
] as const;
export type IntervalValue = (typeof INTERVAL_OPTIONS)[number]["value"];
const INTERVALS = INTERVAL_OPTIONS.map((o) => o.value) as [IntervalValue, ...IntervalValue[]];

export const planFormSchema = z
  .object({
    name: z.string().trim().min(1, "Enter a name").max(120, "Name must be at most 120 characters"),
    description: z.string().trim().max(1000, "Description must be at most 1000 characters"),
    amount: z.string(),
    interval: z.enum(INTERVALS, { error: "Choose how often customers pay" }),
    trialDays: z
      .string()
      .trim()
      .refine((s) => s === "" || (/^\d+$/.test(s) && Number(s) <= 365), "Enter a whole number of days from 0 to 365"),
  })
  .superRefine((v, ctx) => {
    const kobo = parseNairaInput(v.amount);
    if (v.amount.trim() === "") ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the price in naira" });
    else if (kobo === null) ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount in naira, like 5,000 or 1,250.50" });
    else if (kobo < BigInt(MIN_AMOUNT_KOBO)) ctx.addIssue({ code: "custom", path: ["amount"], message: "The price must be at least ₦50.00" });
    else if (kobo > BigInt(MAX_AMOUNT_KOBO)) ctx.addIssue({ code: "custom", path: ["amount"], message: "The price must be at most ₦10,000,000,000.00" });
  });

export type PlanFormValues = z.input<typeof planFormSchema>;

export const emptyPlanForm: PlanFormValues = { name: "", description: "", amount: "", interval: "monthly", trialDays: "" };

const trialOf = (v: PlanFormValues) => (v.trialDays.trim() === "" ? 0 : Number(v.trialDays.trim()));

/** POST …/plans. A blank description is left out; a blank trial is none. */
export function toCreatePlanBody(v: PlanFormValues) {
  return {
    name: v.name.trim(),
    ...(v.description.trim() && { description: v.description.trim() }),
    amount: Number(parseNairaInput(v.amount)),
    interval: v.interval,
    trialDays: trialOf(v),
  };
}

/** PUT …/plans/:id: everything but the interval (which never changes); a cleared description is null. */
export function toUpdatePlanBody(v: PlanFormValues) {
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    amount: Number(parseNairaInput(v.amount)),
    trialDays: trialOf(v),
  };
}

/** The edit form's starting values from a plan as the API returns it. */
export function planToFormValues(plan: {
  name: string;
  description: string | null;
  amount: bigint | number | string;
  interval: IntervalValue;
  trialDays: number;
}) {
  return {
    name: plan.name,
    description: plan.description ?? "",
    amount: koboToNairaInput(BigInt(plan.amount)),
    interval: plan.interval,
    trialDays: plan.trialDays === 0 ? "" : String(plan.trialDays),
  } satisfies PlanFormValues;
}

/** "month", "3 months": for "₦5,000.00 every month". */
export function intervalEvery(interval: IntervalValue): string {
  return INTERVAL_OPTIONS.find((o) => o.value === interval)!.every;
}
