import { describe, expect, it } from "vitest";
import { createPlanSchema, updatePlanSchema } from "./schemas";
import { emptyPlanForm, planFormSchema, planToFormValues, toCreatePlanBody, toUpdatePlanBody, type PlanFormValues } from "./form";
import { fieldErrors } from "@/tests/helpers/schema-errors";

const form = (changes: Partial<PlanFormValues>): PlanFormValues => ({ ...emptyPlanForm, name: "Gym membership", amount: "15,000", ...changes });
const errorsOf = (values: PlanFormValues) => fieldErrors(planFormSchema, values);

describe("plan form", () => {
  it("turns naira into exact kobo and builds bodies the API accepts", () => {
    const values = form({ amount: "1,250.50", description: " Classes ", interval: "quarterly", trialDays: "14" });
    expect(errorsOf(values)).toEqual({});
    const body = toCreatePlanBody(values);
    expect(body).toEqual({ name: "Gym membership", description: "Classes", amount: 125_050, interval: "quarterly", trialDays: 14 });
    expect(createPlanSchema.safeParse(body).success).toBe(true);
    const update = toUpdatePlanBody(form({ description: "" }));
    expect(update).toEqual({ name: "Gym membership", description: null, amount: 1_500_000, trialDays: 0 });
    expect(updatePlanSchema.safeParse(update).success).toBe(true);
  });

  it("explains what is wrong, field by field", () => {
    expect(errorsOf(form({ name: " ", amount: "" }))).toEqual({ name: "Enter a name", amount: "Enter the price in naira" });
    expect(errorsOf(form({ amount: "49.99" }))).toEqual({ amount: "The price must be at least ₦50.00" });
    expect(errorsOf(form({ amount: "12,34" }))).toEqual({ amount: "Enter an amount in naira, like 5,000 or 1,250.50" });
    expect(errorsOf(form({ trialDays: "366" }))).toEqual({ trialDays: "Enter a whole number of days from 0 to 365" });
    expect(errorsOf(form({ trialDays: "1.5" }))).toEqual({ trialDays: "Enter a whole number of days from 0 to 365" });
  });

  it("round-trips a plan into the edit form", () => {
    const values = planToFormValues({ name: "Gold", description: null, amount: 250_000n, interval: "annually", trialDays: 0 });
    expect(values).toEqual({ name: "Gold", description: "", amount: "2,500.00", interval: "annually", trialDays: "" });
    expect(toUpdatePlanBody(values)).toEqual({ name: "Gold", description: null, amount: 250_000, trialDays: 0 });
  });
});
