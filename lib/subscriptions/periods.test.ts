import { describe, expect, it } from "vitest";
import { REFERENCE_FORMAT } from "@/lib/payments/reference";
import { attemptReference } from "@/lib/payments/attempts";
import { isRenewal, periodBounds, renewalReference } from "./periods";

const subscription = {
  id: "0F8FAD5B-d9cb-469f-a165-70867728950e",
  createdAt: new Date("2026-01-31T09:30:00.123Z"),
  interval: "monthly" as const,
  period: 3,
  billingAnchor: new Date("2026-01-31T09:30:00Z"),
  currentPeriodStart: new Date("2026-03-31T09:30:00Z"),
  currentPeriodEnd: new Date("2026-04-30T09:30:00Z"),
};

describe("periods", () => {
  it("counts every period from the anchor, so a short month does not pull later ones earlier", () => {
    expect(periodBounds(subscription, 2)).toEqual({ start: new Date("2026-02-28T09:30:00Z"), end: new Date("2026-03-31T09:30:00Z") });
    expect(periodBounds(subscription, 4)).toEqual({ start: new Date("2026-04-30T09:30:00Z"), end: new Date("2026-05-31T09:30:00Z") });
  });

  it("without an anchor (a row not made by the engine), counts on from the start of the period being served", () => {
    expect(periodBounds({ ...subscription, billingAnchor: null }, 4)).toEqual({
      start: new Date("2026-04-30T09:30:00Z"),
      end: new Date("2026-05-31T09:30:00Z"),
    });
  });
});

describe("renewal references", () => {
  it("are fixed by subscription and period, and look like ours (the verify API finds them), retries included", () => {
    const reference = renewalReference(subscription, 4);
    expect(reference).toBe("SUB4-1769851800123-0f8fad5b");
    expect(renewalReference(subscription, 4)).toBe(reference);
    expect(reference).toMatch(REFERENCE_FORMAT);
    expect(attemptReference(reference, 3)).toMatch(REFERENCE_FORMAT);
  });

  it("a renewal is a period's payment that is not a card check", () => {
    expect(isRenewal({ subscriptionId: subscription.id, subscriptionPeriod: 2, cardCheck: false })).toBe(true);
    expect(isRenewal({ subscriptionId: subscription.id, subscriptionPeriod: null, cardCheck: true })).toBe(false);
    expect(isRenewal({ subscriptionId: subscription.id, subscriptionPeriod: 0, cardCheck: true })).toBe(false);
    expect(isRenewal({ subscriptionId: null, subscriptionPeriod: null, cardCheck: false })).toBe(false);
  });
});
