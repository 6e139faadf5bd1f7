import { describe, expect, it } from "vitest";
import { isBusinessDay, settlementDay } from "./schedule";
import { PROCESSOR_NAMES } from "@/lib/processors/catalog";

describe("the settlement schedule (T+1 business day, Lagos days)", () => {
  it("settles a weekday's payments the next weekday", () => {
    expect(settlementDay("paystack", "2026-11-24")).toBe("2026-11-25"); // Tuesday -> Wednesday
    expect(settlementDay("sandbox", "2026-11-26")).toBe("2026-11-27"); // Thursday -> Friday
  });

  it("settles Friday's, Saturday's and Sunday's payments on Monday", () => {
    for (const day of ["2026-11-27", "2026-11-28", "2026-11-29"]) expect(settlementDay("flutterwave", day)).toBe("2026-11-30");
  });

  it("skips Nigerian public holidays, Easter's included, and the Monday after a fixed one on a weekend", () => {
    expect(settlementDay("paystack", "2026-09-30")).toBe("2026-10-02"); // Independence Day, Thursday 1 October
    expect(settlementDay("paystack", "2026-04-02")).toBe("2026-04-07"); // Good Friday 3 April, Easter Monday 6 April
    // 2027: Christmas on a Saturday, Boxing Day on a Sunday: Monday 27 and Tuesday 28 are off.
    expect(isBusinessDay("2027-12-27")).toBe(false);
    expect(isBusinessDay("2027-12-28")).toBe(false);
    expect(settlementDay("paystack", "2027-12-24")).toBe("2027-12-29");
    // 2026: Democracy Day (12 June) on a Friday; the Monday after it is an ordinary day.
    expect(settlementDay("paystack", "2026-06-11")).toBe("2026-06-15");
  });

  it("settles every processor T+1 (its catalog entry's delay)", () => {
    for (const name of PROCESSOR_NAMES) expect(settlementDay(name, "2026-11-25")).toBe("2026-11-26");
  });
});
