import { describe, expect, it } from "vitest";
import { koboToNairaInput, nairaToKobo, parseNairaInput } from "./money";

describe("naira text -> kobo, exactly (no floating point)", () => {
  it.each([
    ["2500", 250_000n],
    ["2500.5", 250_050n],
    ["2500.50", 250_050n],
    ["1,250.05", 125_005n],
    ["₦1,234.56", 123_456n],
    ["NGN 1 250", 125_000n],
    [" 0.01 ", 1n],
    [".5", 50n],
    // Where a float would drift: 0.1 + 0.2, and 10 billion naira's last kobo.
    ["0.30", 30n],
    ["9,999,999,999.99", 999_999_999_999n],
    ["10000000000.01", 1_000_000_000_001n],
  ])("reads %j as %s kobo", (text, kobo) => {
    expect(parseNairaInput(text)).toBe(kobo);
  });

  it.each(["", "abc", "12.345", "-5", "1,25", "12,3456", "1.2.3", "1e5", "Infinity", "₦", "12 naira"])("refuses %j", (text) => {
    expect(parseNairaInput(text)).toBeNull();
  });

  it("round-trips what the amount field starts with", () => {
    for (const kobo of [1n, 99n, 100n, 250_000n, 123_456_789n]) expect(parseNairaInput(koboToNairaInput(kobo))).toBe(kobo);
    expect(nairaToKobo("50.5")).toBe(5_050n);
  });
});
