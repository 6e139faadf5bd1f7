import { describe, expect, it } from "vitest";
import { nextStep, retryDays } from "./dunning";

const end = new Date("2026-12-26T09:00:00Z");
const day = (n: number) => new Date(end.getTime() + n * 24 * 60 * 60 * 1000);

describe("the retry schedule", () => {
  it("takes the merchant's days as whole days after the period's end, ascending, once each", () => {
    expect(retryDays([7, 1, 3, 3, 0, -2, 2.5, 5])).toEqual([1, 3, 5, 7]);
    expect(retryDays([])).toEqual([]);
  });

  it("retries a decline worth retrying on each day in turn, then ends", () => {
    const days = [1, 3, 5, 7];
    expect([1, 2, 3, 4].map((failed) => nextStep(end, days, failed, true, end))).toEqual([1, 3, 5, 7].map((n) => ({ retryAt: day(n) })));
    expect(nextStep(end, days, 5, true, day(7))).toEqual({ end: true });
    expect(nextStep(end, [], 1, true, end)).toEqual({ end: true });
  });

  it("never retries a hard decline: the customer has until the last retry day, then it ends", () => {
    expect(nextStep(end, [1, 3, 5, 7], 1, false, end)).toEqual({ waitUntil: day(7) });
    expect(nextStep(end, [2, 10], 2, false, day(2))).toEqual({ waitUntil: day(10) });
    expect(nextStep(end, [1, 3, 5, 7], 5, false, day(7))).toEqual({ end: true });
    expect(nextStep(end, [], 1, false, end)).toEqual({ end: true });
  });
});
