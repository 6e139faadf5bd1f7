// Safe to import from any component: no server code here.
export const CHANNELS = [
  { value: "card", label: "Card" },
  { value: "bank_transfer", label: "Bank transfer" },
  { value: "ussd", label: "USSD" },
] as const;
