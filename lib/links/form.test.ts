import { describe, expect, it } from "vitest";
import { createLinkSchema, updateLinkSchema } from "./schemas";
import { emptyLinkForm, formAmountKobo, linkFormSchema, linkToFormValues, toCreateLinkBody, toUpdateLinkBody, type LinkFormValues } from "./form";
import { fieldErrors } from "@/tests/helpers/schema-errors";

const form = (changes: Partial<LinkFormValues>): LinkFormValues => ({ ...emptyLinkForm, title: "Jollof rice", ...changes });
const errorsOf = (values: LinkFormValues) => fieldErrors(linkFormSchema, values);

describe("payment-link form", () => {
  it("turns naira into exact kobo and builds a body the API accepts", () => {
    const values = form({ amount: "1,250.50", customSlug: "jollof2", redirectUrl: "https://example.com/thanks", maxPayments: "20" });
    expect(errorsOf(values)).toEqual({});
    const body = toCreateLinkBody(values);
    expect(body).toEqual({
      title: "Jollof rice",
      amount: 125_050,
      customSlug: "jollof2",
      isReusable: true,
      redirectUrl: "https://example.com/thanks",
      maxPayments: 20,
    });
    expect(createLinkSchema.safeParse(body).success).toBe(true);
  });

  it("makes a reusable link unless single payment is chosen", () => {
    expect(toCreateLinkBody(form({ amount: "100" })).isReusable).toBe(true);
    const single = toCreateLinkBody(form({ amount: "100", isReusable: false }));
    expect(single.isReusable).toBe(false);
    expect(createLinkSchema.safeParse(single).success).toBe(true);
  });

  it("leaves the amount out when the customer sets it", () => {
    const body = toCreateLinkBody(form({ pricing: "customer", amount: "999" }));
    expect(body).not.toHaveProperty("amount");
    expect(createLinkSchema.safeParse(body).success).toBe(true);
  });

  it("never rounds: 0.1 + 0.2 style inputs stay exact", () => {
    expect(formAmountKobo({ pricing: "fixed", amount: "19.99" })).toBe(1999n);
    expect(formAmountKobo({ pricing: "fixed", amount: "₦1,000,000.07" })).toBe(100_000_007n);
    expect(formAmountKobo({ pricing: "fixed", amount: "1.999" })).toBeNull();
    expect(formAmountKobo({ pricing: "fixed", amount: "12,34" })).toBeNull();
  });

  it("explains what is wrong, field by field", () => {
    expect(errorsOf(form({ title: " ", amount: "" }))).toEqual({ title: "Enter a title", amount: "Enter the price in naira" });
    expect(errorsOf(form({ amount: "49.99" }))).toEqual({ amount: "The price must be at least ₦50.00" });
    expect(errorsOf(form({ amount: "100", customSlug: "my-link" }))).toHaveProperty("customSlug");
    expect(errorsOf(form({ amount: "100", redirectUrl: "example.com" }))).toHaveProperty("redirectUrl");
    expect(errorsOf(form({ amount: "100", maxPayments: "0" }))).toHaveProperty("maxPayments");
    expect(errorsOf(form({ amount: "100", expiresAt: "2000-01-01T10:00" }))).toEqual({ expiresAt: "Choose a time in the future" });
  });

  it("edits: sends nulls to clear, and an unchanged (even past) expiry is not sent again", () => {
    const past = new Date("2020-01-01T10:00:00Z");
    const values = linkToFormValues({
      title: "Old",
      description: "x",
      amount: 500_000n,
      isReusable: true,
      redirectUrl: null,
      expiresAt: past,
      maxPayments: null,
    });
    expect(values.amount).toBe("5,000.00");
    expect(errorsOf({ ...values, description: "" })).toEqual({});
    const body = toUpdateLinkBody({ ...values, description: "", pricing: "customer" });
    expect(body).toEqual({ title: "Old", description: null, amount: null, isReusable: true, redirectUrl: null, maxPayments: null });
    expect(updateLinkSchema.safeParse(body).success).toBe(true);
  });
});
