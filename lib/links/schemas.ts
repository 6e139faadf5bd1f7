import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { blankAsMissing, pageQuery } from "@/lib/api/pagination";
import { MAX_AMOUNT_KOBO, MIN_AMOUNT_KOBO } from "@/lib/payments/money";
import { amountKobo } from "@/lib/payments/schemas";

export const SLUG = /^[A-Za-z0-9]{1,50}$/;

const title = z.string({ error: "title is required" }).trim().min(1, "title is required").max(120, "title must be at most 120 characters");
const description = z.string().trim().max(1000, "description must be at most 1000 characters");
/** A fixed price; a link nobody could pay (below the ₦50 minimum) is refused up front. */
const fixedAmount = amountKobo().min(MIN_AMOUNT_KOBO, `amount must be at least ${MIN_AMOUNT_KOBO} kobo (₦50)`).max(MAX_AMOUNT_KOBO);
const redirectUrl = z
  .url({ protocol: /^https?$/, message: "redirectUrl must be a valid http(s) URL" })
  .max(2048, "redirectUrl must be at most 2048 characters");
const expiresAt = z.iso
  .datetime({ offset: true, message: "expiresAt must be an ISO 8601 date-time" })
  .transform((text) => new Date(text))
  .refine((date) => date.getTime() > Date.now(), "expiresAt must be in the future");
const maxPayments = z
  .number({ error: "maxPayments must be a whole number" })
  .int("maxPayments must be a whole number")
  .min(1, "maxPayments must be at least 1")
  .max(1_000_000);

export const createLinkSchema = z.object({
  title,
  description: description.optional(),
  amount: fixedAmount.optional(),
  currency: fields.currency(),
  customSlug: z.string({ error: "customSlug must be a string" }).regex(SLUG, "customSlug must be 1 to 50 letters and digits (no spaces or symbols)").optional(),
  isReusable: z.boolean({ error: "isReusable must be true or false" }).optional(),
  redirectUrl: redirectUrl.optional(),
  expiresAt: expiresAt.optional(),
  maxPayments: maxPayments.optional(),
});
export type CreateLinkInput = z.output<typeof createLinkSchema>;

/** Everything but the slug can change: printed QR codes keep working. null clears a field. */
export const updateLinkSchema = z
  .object({
    title: title.optional(),
    description: description.nullable().optional(),
    amount: fixedAmount.nullable().optional(),
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
    isReusable: z.boolean({ error: "isReusable must be true or false" }).optional(),
    redirectUrl: redirectUrl.nullable().optional(),
    expiresAt: expiresAt.nullable().optional(),
    maxPayments: maxPayments.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateLinkInput = z.output<typeof updateLinkSchema>;

export const linkParams = z.object({ linkId: fields.uuid("linkId") });
export const slugParams = z.object({ slug: z.string() });

export const linkListQuery = z.object({
  status: blankAsMissing(z.enum(["active", "inactive"], { error: "status must be active or inactive" }).optional()),
  ...pageQuery,
});
export type LinkListQuery = z.output<typeof linkListQuery>;
