import { describe, expect, it } from "vitest";
import { addPeriods, monthlyAmount } from "./intervals";

describe("addPeriods", () => {
  it("keeps the anchor's day, clamped to short months, without drifting", () => {
    const anchor = new Date("2026-01-31T09:30:00Z");
    expect(addPeriods(anchor, "monthly", 1).toISOString()).toBe("2026-02-28T09:30:00.000Z");
    expect(addPeriods(anchor, "monthly", 2).toISOString()).toBe("2026-03-31T09:30:00.000Z");
    expect(addPeriods(anchor, "quarterly", 1).toISOString()).toBe("2026-04-30T09:30:00.000Z");
    expect(addPeriods(new Date("2028-02-29T00:00:00Z"), "annually", 1).toISOString()).toBe("2029-02-28T00:00:00.000Z");
  });
  it("adds days and weeks exactly", () => {
    const anchor = new Date("2026-12-30T12:00:00Z");
    expect(addPeriods(anchor, "daily", 3).toISOString()).toBe("2027-01-02T12:00:00.000Z");
    expect(addPeriods(anchor, "weekly", 2).toISOString()).toBe("2027-01-13T12:00:00.000Z");
  });
});

describe("monthlyAmount", () => {
  it("turns each interval's price into a month's, in whole kobo", () => {
    expect(monthlyAmount(1_200_000n, "annually")).toBe(100_000n);
    expect(monthlyAmount(300_000n, "quarterly")).toBe(100_000n);
    expect(monthlyAmount(100_000n, "weekly")).toBe(433_333n);
    expect(monthlyAmount(10_000n, "daily")).toBe(304_166n);
  });
});
