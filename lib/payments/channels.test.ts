import { describe, expect, it } from "vitest";
import { channelName, paymentMethodName } from "./channels";

describe("channel names", () => {
  it("gives every spelling of a method one name", () => {
    for (const value of ["card", "CARD", " Card "]) expect(channelName(value)).toBe("Card");
    for (const value of ["bank_transfer", "BANK_TRANSFER", "banktransfer", "bank-transfer"]) expect(channelName(value)).toBe("Bank transfer");
    expect(channelName("ussd")).toBe("USSD");
    expect(channelName("mobile_money")).toBe("Mobile money");
    expect(channelName("crypto_wallet")).toBe("Crypto wallet");
    expect(channelName(null)).toBeNull();
    expect(channelName("")).toBeNull();
  });

  it("says how a payment was made once, not 'Card · CARD'", () => {
    expect(paymentMethodName("card", "CARD")).toBe("Card");
    expect(paymentMethodName("card", null)).toBe("Card");
    expect(paymentMethodName(null, "USSD")).toBe("USSD");
    expect(paymentMethodName("card", "BANK_TRANSFER")).toBe("Bank transfer (chose card)");
    expect(paymentMethodName(null, null)).toBeNull();
  });
});
