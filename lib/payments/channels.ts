// Safe to import from any component: no server code here.
/** Every way a customer can choose to pay, in the order pages offer them. */
export const CHANNEL_VALUES = ["card", "bank_transfer", "ussd"] as const;
export type Channel = (typeof CHANNEL_VALUES)[number];

// Processors name methods their own way ("CARD", "bank_transfer", Flutterwave's "banktransfer", Paystack's
// "bank" and "mobile_money"); one table turns every spelling into the name customers and merchants read.
const NAMES: Record<string, string> = {
  card: "Card",
  bank_transfer: "Bank transfer",
  banktransfer: "Bank transfer",
  bank: "Bank account",
  account: "Bank account",
  ussd: "USSD",
  qr: "QR code",
  mobile_money: "Mobile money",
  mobilemoney: "Mobile money",
  eft: "EFT",
  apple_pay: "Apple Pay",
};

export const CHANNELS = CHANNEL_VALUES.map((value) => ({ value, label: NAMES[value]! }));

/** "CARD" / "card" / "bank_transfer" / "banktransfer" -> "Card" / "Bank transfer"; unknown ones de-underscored. */
export function channelName(value: string | null | undefined): string | null {
  const key = value
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (!key) return null;
  const known = NAMES[key];
  if (known) return known;
  const words = key.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * How a payment was made, in one name: the method the processor reports, else the one the customer
 * chose on our page. When they differ (chose card, paid by transfer at the processor), both are said.
 */
export function paymentMethodName(channel: string | null | undefined, paymentMethod: string | null | undefined): string | null {
  const used = channelName(paymentMethod);
  const chosen = channelName(channel);
  if (used && chosen && used !== chosen) return `${used} (chose ${chosen.toLowerCase()})`;
  return used ?? chosen;
}
