// The dashboard's payment-link form: what people type (strings, naira) -> the API body (kobo).
// Client-safe (no server imports). The rules mirror lib/links/schemas.ts, which stays the
// authority: form.test.ts checks that every body built here passes those schemas.
import { z } from "@/lib/zod";
import { MAX_AMOUNT_KOBO, MIN_AMOUNT_KOBO, koboToNairaInput, parseNairaInput } from "@/lib/payments/money";

const SLUG = /^[A-Za-z0-9]{1,50}$/;
const MAX_PAYMENTS = 1_000_000;

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && text.length <= 2048;
  } catch {
    return false;
  }
}

/** A `datetime-local` value ("2026-05-01T18:30") read in the browser's time zone. */
function localDateTime(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const linkFormSchema = z
  .object({
    title: z.string().trim().min(1, "Enter a title").max(120, "Title must be at most 120 characters"),
    description: optionalText("Description", 1000),
    pricing: z.enum(["fixed", "customer"]),
    amount: z.string(),
    customSlug: z
      .string()
      .trim()
      .refine((s) => s === "" || SLUG.test(s), "Use 1 to 50 letters and digits, no spaces or symbols"),
    isReusable: z.boolean(),
    redirectUrl: z
      .string()
      .trim()
      .refine((s) => s === "" || isHttpUrl(s), "Enter a full http:// or https:// address"),
    expiresAt: z.string(),
    maxPayments: z
      .string()
      .trim()
      .refine(
        (s) => s === "" || (/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_PAYMENTS),
        `Enter a whole number from 1 to ${MAX_PAYMENTS.toLocaleString("en-NG")}`,
      ),
    /** The expiry the link already has (edit form): keeping it unchanged is fine even if it has passed. */
    originalExpiresAt: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.pricing === "fixed") {
      const kobo = parseNairaInput(v.amount);
      if (v.amount.trim() === "") ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the price in naira" });
      else if (kobo === null) ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount in naira, like 1,250.50" });
      else if (kobo < BigInt(MIN_AMOUNT_KOBO)) ctx.addIssue({ code: "custom", path: ["amount"], message: "The price must be at least ₦50.00" });
      else if (kobo > BigInt(MAX_AMOUNT_KOBO)) ctx.addIssue({ code: "custom", path: ["amount"], message: "The price must be at most ₦10,000,000,000.00" });
    }
    if (v.expiresAt !== "" && v.expiresAt !== v.originalExpiresAt) {
      const date = localDateTime(v.expiresAt);
      if (!date) ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Enter a date and time" });
      else if (date.getTime() <= Date.now()) ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Choose a time in the future" });
    }
  });

export type LinkFormValues = z.input<typeof linkFormSchema>;

export const emptyLinkForm: LinkFormValues = {
  title: "",
  description: "",
  pricing: "fixed",
  amount: "",
  customSlug: "",
  // Most links sell something many people buy; a single payment is the merchant's explicit choice.
  // (The API's own default stays single-use, as the contract says.)
  isReusable: true,
  redirectUrl: "",
  expiresAt: "",
  maxPayments: "",
};

/** The fixed price in kobo, or null (customer sets the amount, or not a valid amount yet). */
export function formAmountKobo(v: Pick<LinkFormValues, "pricing" | "amount">): bigint | null {
  return v.pricing === "fixed" ? parseNairaInput(v.amount) : null;
}

const isoOrNull = (text: string) => (text === "" ? null : new Date(text).toISOString());

/** POST /api/merchants/:id/payment-links body. Blank optional fields are left out. */
export function toCreateLinkBody(v: LinkFormValues) {
  const amount = formAmountKobo(v);
  const expiresAt = isoOrNull(v.expiresAt);
  return {
    title: v.title.trim(),
    ...(v.description.trim() && { description: v.description.trim() }),
    ...(amount !== null && { amount: Number(amount) }),
    ...(v.customSlug.trim() && { customSlug: v.customSlug.trim() }),
    isReusable: v.isReusable,
    ...(v.redirectUrl.trim() && { redirectUrl: v.redirectUrl.trim() }),
    ...(expiresAt && { expiresAt }),
    ...(v.maxPayments.trim() && { maxPayments: Number(v.maxPayments.trim()) }),
  };
}

/** PATCH body: every editable field, null to clear. The expiry is sent only when it changed. */
export function toUpdateLinkBody(v: LinkFormValues) {
  const amount = formAmountKobo(v);
  return {
    title: v.title.trim(),
    description: v.description.trim() || null,
    amount: amount === null ? null : Number(amount),
    isReusable: v.isReusable,
    redirectUrl: v.redirectUrl.trim() || null,
    ...(v.expiresAt !== v.originalExpiresAt && { expiresAt: isoOrNull(v.expiresAt) }),
    maxPayments: v.maxPayments.trim() ? Number(v.maxPayments.trim()) : null,
  };
}

/** A Date -> "2026-05-01T18:30" in the browser's (or server's) local time, for datetime-local. */
export function toLocalInput(value: Date | string | null): string {
  if (!value) return "";
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The edit form's starting values from a link as the API returns it. */
export function linkToFormValues(link: {
  title: string;
  description: string | null;
  amount: bigint | number | string | null;
  isReusable: boolean;
  redirectUrl: string | null;
  expiresAt: Date | string | null;
  maxPayments: number | null;
}): LinkFormValues {
  const expiresAt = toLocalInput(link.expiresAt);
  return {
    title: link.title,
    description: link.description ?? "",
    pricing: link.amount === null ? "customer" : "fixed",
    amount: link.amount === null ? "" : koboToNairaInput(BigInt(link.amount)),
    customSlug: "",
    isReusable: link.isReusable,
    redirectUrl: link.redirectUrl ?? "",
    expiresAt,
    maxPayments: link.maxPayments === null ? "" : String(link.maxPayments),
    originalExpiresAt: expiresAt,
  };
}
