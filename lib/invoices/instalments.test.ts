import { describe, expect, it } from "vitest";
import { instalmentProblem, instalmentRange } from "./instalments";

const kobo = (k: bigint) => `${k} kobo`;
const invoice = (over: Partial<{ amount: bigint; amountPaid: bigint; allowPartialPayments: boolean; minimumPaymentAmount: bigint | null }> = {}) => ({
  amount: 350_000n,
  amountPaid: 0n,
  allowPartialPayments: true,
  minimumPaymentAmount: null,
  ...over,
});

describe("instalment rules", () => {
  it("takes only the amount due from an invoice paid at once", () => {
    const whole = invoice({ allowPartialPayments: false, amountPaid: 50_000n });
    expect(instalmentRange(whole)).toEqual({ min: 300_000n, max: 300_000n });
    expect(instalmentProblem(whole, 300_000n, kobo)).toBeNull();
    expect(instalmentProblem(whole, 350_000n, kobo)).toBe("Amount must be the amount due, 300000 kobo");
  });

  it("floors instalments at ₦50 and the merchant's minimum, capped by what is due", () => {
    expect(instalmentRange(invoice())).toEqual({ min: 5_000n, max: 350_000n });
    expect(instalmentRange(invoice({ minimumPaymentAmount: 100n }))).toEqual({ min: 5_000n, max: 350_000n });
    expect(instalmentRange(invoice({ minimumPaymentAmount: 100_000n }))).toEqual({ min: 100_000n, max: 350_000n });
    expect(instalmentRange(invoice({ minimumPaymentAmount: 100_000n, amountPaid: 300_000n }))).toEqual({ min: 50_000n, max: 50_000n });
  });

  it("explains each refusal with its limit", () => {
    const parts = invoice({ minimumPaymentAmount: 100_000n });
    expect(instalmentProblem(parts, 100_000n, kobo)).toBeNull();
    expect(instalmentProblem(parts, 99_999n, kobo)).toBe("Amount must be at least 100000 kobo");
    expect(instalmentProblem(parts, 350_001n, kobo)).toBe("Amount must be at most the amount due, 350000 kobo");
    // Leaving less than ₦50 owed would strand it: nobody can pay that by card.
    expect(instalmentProblem(parts, 346_000n, kobo)).toBe("Pay the whole 350000 kobo, or leave at least 5000 kobo to pay later");
    expect(instalmentProblem(parts, 345_000n, kobo)).toBeNull();
  });
});
