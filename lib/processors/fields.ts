// zod schemas for the fields processors send us (webhooks and API answers), shared by the adapters.
// Anything that reaches the database or a comparison is checked here, at the boundary: a bad field
// is a ProcessorError naming it (a webhook answers 400), never a 500 from PostgreSQL or BigInt.
import { z } from "@/lib/zod";
import { jsonProblem } from "@/lib/api/json";
import { ProcessorError, type PaidAccount, type RefundResult } from "./types";

const noNul = (s: string) => !s.includes("\0");
const wellFormed = (s: string) => s.isWellFormed();

/** Text we store or query with: bounded, without NUL (PostgreSQL refuses it) or lone surrogates. */
export const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(noNul, "must not contain NUL characters")
    .refine(wellFormed, "must be valid Unicode (no lone surrogates)");

/** A processor's own words (gateway responses): kept, but cut to what the column shows (never half a pair). */
export const message = z
  .string()
  .refine(noNul, "must not contain NUL characters")
  .transform((s) => s.slice(0, 500).toWellFormed());

/** An id, as a number or as text. */
export const processorId = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), text(100).min(1)], { error: "must be a number or text of at most 100 characters" })
  .transform(String);

/** One of our transaction references (or anything printable, which then simply matches nothing). */
export const reference = text(200).regex(/^[^\x00-\x1f\x7f]+$/, "must be printable text");

export const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
  .transform((s) => s.toUpperCase());

const KOBO = "must be a whole number of kobo";
/** Whole kobo, as a JSON integer or a string of digits (no exponents, fractions or signs). */
export const kobo = z
  .union([z.number().int(KOBO).nonnegative(KOBO).max(Number.MAX_SAFE_INTEGER, KOBO), z.string().regex(/^\d{1,15}$/, KOBO)], { error: KOBO })
  .transform((value) => BigInt(value));

/** An ISO 8601 time a processor reports; one PostgreSQL cannot store (or that is not a date) is refused. */
export const timestamp = text(40).transform((value, ctx) => {
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 2000 || year > 2200) {
    ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date" });
    return z.NEVER;
  }
  return date;
});

/** A bank account resolved from its number (NUBAN): both processors answer it in these words. */
export const resolvedAccount = z
  .object({ account_number: text(20).min(1), account_name: text(200).min(1) })
  .transform((data) => ({ accountNumber: data.account_number, accountName: data.account_name }));

/**
 * A refund as both processors answer its creation, its id and status: "processed" when the status is
 * `processedStatus` (the processor's word for money already sent back), otherwise still pending.
 */
export const refundAnswer = (processedStatus: string) =>
  z
    .object({ id: processorId, status: z.string() })
    .transform((data): RefundResult => ({ refundId: data.id, status: data.status === processedStatus ? "processed" : "pending" }));

/** A processor's word looked up in one of our tables, own keys only: a status of "constructor" must not find Object's. */
export const lookup = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/**
 * The account a settlement paid, as the processor names it: its bank's name, and the last four
 * digits of the number (a masked number such as "******4567" still gives them). Null where it is silent.
 */
export function paidAccount(bankName: string | null | undefined, accountNumber: string | number | null | undefined): PaidAccount {
  const digits = accountNumber === null || accountNumber === undefined ? "" : String(accountNumber).replace(/\D/g, "");
  return { bankName: bankName?.trim() || null, accountNumberLast4: digits.length >= 4 ? digits.slice(-4) : null };
}

/** What a malformed webhook still told us, so it can be recorded against its transaction. */
export type MalformedHints = { type: string | null; reference: string | null };

/** An authenticated webhook body we do not accept: answered 400 and recorded as "malformed". */
export class MalformedWebhookError extends ProcessorError {
  constructor(
    message: string,
    readonly hints: MalformedHints,
  ) {
    super(message, "invalid_response");
    this.name = "MalformedWebhookError";
  }
}

/** The body's JSON, refused when it is not JSON or is nested too deeply to walk (text is made storable when stored). */
export function parseJsonBody(rawBody: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(rawBody) as unknown;
  } catch {
    throw new MalformedWebhookError("body is not JSON", { type: null, reference: null });
  }
  const problem = jsonProblem(body, { checkText: false });
  if (problem) throw new MalformedWebhookError(`${problem.field}: nested too deeply`, { type: null, reference: null });
  return body;
}

/** The event type and reference, when they are themselves well-formed (for the record only). */
export function hintsFrom(type: unknown, ref: unknown): MalformedHints {
  const t = text(100).min(1).safeParse(type);
  const r = reference.safeParse(ref);
  return { type: t.success ? t.data : null, reference: r.success ? r.data : null };
}

/** Parses `value` with `schema`, or throws MalformedWebhookError naming the first bad field. */
export function parseOrMalformed<S extends z.ZodType>(schema: S, value: unknown, hints: MalformedHints, prefix = ""): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
  throw new MalformedWebhookError(field ? `${field}: ${issue.message}` : issue.message, hints);
}

/** A whole number sent as a JSON number or as digits ("08"). */
const digitsNumber = (maxDigits: number) => z.union([z.number().int(), z.string().regex(new RegExp(`^\\d{1,${maxDigits}}$`))]).transform(Number);

/** A card's expiry month, as a number or text ("08"); 1 to 12. */
export const cardMonth = digitsNumber(2).pipe(z.number().min(1).max(12));

/** A card's expiry year, four digits or two ("32" is 2032, as card expiries print it). */
export const cardYear = digitsNumber(4)
  .transform((year) => (year < 100 ? 2000 + year : year))
  .pipe(z.number().min(2000).max(2200));

/** A card's last four digits. */
export const cardLast4 = z.string().regex(/^\d{4}$/);

/** A card's brand from the processor's words for it ("visa DEBIT", "MASTERCARD"): the first word, lower-case. */
export const cardBrand = (words: string | null | undefined): string | null => words?.trim().split(/\s+/)[0]?.toLowerCase() || null;

/** A Nigerian bank account number (NUBAN): ten digits, sent as text or as a number. */
export const nuban = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^\d{10}$/, "must be a 10-digit account number"));

/**
 * Words we only show (a sender's name, a narration): cut to `max`, made storable, and an odd or
 * empty value is simply unknown (null), never a refused webhook.
 */
export const label = (max: number) =>
  z
    .string()
    .transform((s) => s.replaceAll("\0", "").trim().slice(0, max).toWellFormed() || null)
    .nullish()
    .catch(null)
    .transform((value) => value ?? null);
