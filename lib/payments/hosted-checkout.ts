// What the hosted pages (/pay/{slug}, /invoice/{id}, /subscribe/{planId}, /billing/{token}) share: the customer's form, turning it into an
// initiation, and the post/redirect/get round trip that lets the pages work without JavaScript.
import { ApiError, toApiError, type FieldError } from "@/lib/api/errors";
import { fieldErrors } from "@/lib/api/validation";
import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import { LIMITS } from "@/lib/api/limits";
import { clientIp, readForm } from "@/lib/api/request";
import { parseJson } from "@/lib/api/json";
import { setting } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/enums";
import { liveProcessorMissing } from "@/lib/processors";
import { CHANNEL_VALUES } from "./channels";
import { initiatePayment, type CardUpdate } from "./initiate";
import { koboToNairaInput, MAX_AMOUNT_KOBO, MIN_AMOUNT_KOBO, nairaToKobo } from "./money";
import type { InitiateInput } from "./schemas";

/** What the customer typed, echoed back into the form after an error. */
export type FormValues = Partial<Record<"email" | "name" | "amount" | "channel", string>>;
export type CheckoutResult = { redirectTo: string } | { errors: FieldError[]; values: FormValues };

const nairaAmount = z
  .string({ error: "Enter an amount" })
  .transform((text) => text.replace(/[₦,\s]/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Enter an amount")
      .regex(/^\d+(\.\d{1,2})?$/, "Enter an amount in naira, like 2500 or 2500.50"),
  )
  .transform((text) => nairaToKobo(text))
  .refine((kobo) => kobo >= BigInt(MIN_AMOUNT_KOBO), "The smallest amount you can pay is ₦50")
  .refine((kobo) => kobo <= BigInt(MAX_AMOUNT_KOBO), "That amount is too large");

export const customerFormSchema = z.object({
  email: fields.email(),
  name: z.string({ error: "Enter your name" }).trim().min(2, "Enter your name").max(120, "Name must be at most 120 characters"),
  channel: z.enum(CHANNEL_VALUES, { error: "Choose how you want to pay" }).default("card"),
});

/** A payment link's payer may leave the name out: the e-mail is what the receipt needs. */
const optionalName = z
  .string()
  .trim()
  .max(120, "Name must be at most 120 characters")
  .refine((name) => name === "" || name.length >= 2, "Enter your full name, or leave it empty")
  .optional();

export const amountFormSchema = z.object({ amount: nairaAmount });

export function formValues(form: FormData): FormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : undefined;
  };
  return { email: text("email"), name: text("name"), amount: text("amount"), channel: text("channel") };
}

/** Parses the customer's part of the form; field names match the form's inputs. */
export function parseCustomer(values: FormValues, withAmount: boolean, { nameRequired = true }: { nameRequired?: boolean } = {}) {
  const base = nameRequired ? customerFormSchema : customerFormSchema.extend({ name: optionalName });
  const schema = withAmount ? base.extend(amountFormSchema.shape) : base;
  const parsed = schema.safeParse({ ...values, channel: values.channel || undefined });
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  const data = parsed.data as Omit<z.output<typeof customerFormSchema>, "name"> & { name?: string; amount?: bigint };
  const [firstName, ...rest] = (data.name ?? "").split(/\s+/);
  return {
    customer: {
      email: data.email,
      firstName: firstName ? firstName.slice(0, 60) : undefined,
      lastName: rest.join(" ").slice(0, 60) || undefined,
      channel: data.channel,
    },
    amount: data.amount,
  };
}

/** Starts the payment; problems the customer can fix come back as form errors, never as a crash. */
export async function startHostedPayment(input: InitiateInput, values: FormValues, cardUpdate?: CardUpdate): Promise<CheckoutResult> {
  try {
    const started = await initiatePayment(input, null, cardUpdate);
    return { redirectTo: started.authorizationUrl };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Live mode locked (the platform's processor or the merchant's checklist): the customer can do
    // nothing about it, so they are told politely, never which step or setting (the log says).
    if (error.status === 409 && error.extra?.missing) return { errors: [{ field: "form", message: await cannotTakePayments(input.merchantId) }], values };
    const processorDown = error.code === "processor_error";
    if (error.status >= 500 && !processorDown) throw error;
    const errors = error.errors ?? [{ field: "form", message: processorDown ? "We could not reach the payment provider. Please try again." : error.message }];
    return { errors, values };
  }
}

async function cannotTakePayments(merchantId: string | undefined): Promise<string> {
  const merchant = merchantId ? await db.merchant.findUnique({ where: { id: merchantId }, select: { supportEmail: true } }) : null;
  return cannotTakePaymentsMessage(merchant?.supportEmail ?? null);
}

/** What a customer reads when the business cannot be paid for a reason only the platform or the business can fix. */
export function cannotTakePaymentsMessage(supportEmail: string | null): string {
  const contact = supportEmail ? `contact ${supportEmail}` : "contact the business";
  return `This business can't take payments right now. Please try again later or ${contact}.`;
}

/**
 * A live link's or invoice's page while the platform has no live processor: the page says so
 * instead of showing a form that cannot work (and the operator is told in the log).
 */
export function paymentsPaused(environment: Environment, merchantId: string): boolean {
  return environment === "live" && liveProcessorMissing({ merchantId, page: "hosted" });
}

// ---------------------------------------------------------------------------------------------
// Post/redirect/get: errors travel back to the page in a short-lived cookie, not the URL (no
// e-mail addresses in logs or history).
// ---------------------------------------------------------------------------------------------

export const FLASH_COOKIE = "paylink_checkout";
const FORM_LIMIT_BYTES = 16 * 1024;
const OUTAGE_MESSAGE = "Payments are briefly unavailable and nothing has been charged. Please try again in a moment.";

/**
 * The pay forms' post handler: per-address limit, size limit, then the page's own checkout. Over the
 * limit the customer sees the plain 429 message; the form itself is untouched. During a database
 * outage the customer is sent back to the page (its outage page while it lasts, then the form with
 * their values and a message), never to a crash page.
 */
export async function handleHostedFormPost(
  req: Request,
  pagePath: string,
  start: (form: FormData) => Promise<CheckoutResult | null>,
  notFound: string,
): Promise<Response> {
  try {
    await LIMITS.hostedForm.consume(clientIp(req));
    const form = await readForm(req, FORM_LIMIT_BYTES);
    const result = await start(form).catch((error: unknown) => {
      if (toApiError(error)?.status !== 503) throw error;
      return { errors: [{ field: "form", message: OUTAGE_MESSAGE }], values: formValues(form) };
    });
    if (!result) return new Response(notFound, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    return redirectAfterPost(result, pagePath);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return new Response(error.message, { status: error.status, headers: { "content-type": "text/plain; charset=utf-8", ...error.headers } });
  }
}

function redirectAfterPost(result: CheckoutResult, pagePath: string): Response {
  const headers = new Headers({ location: "redirectTo" in result ? result.redirectTo : pagePath, "cache-control": "no-store" });
  if ("errors" in result) {
    const flash = Buffer.from(JSON.stringify({ errors: result.errors.slice(0, 10), values: result.values })).toString("base64url");
    headers.append("set-cookie", `${FLASH_COOKIE}=${flash}; Path=${pagePath}; Max-Age=120; HttpOnly; SameSite=Lax${secureAttribute()}`);
  }
  return new Response(null, { status: 303, headers });
}

// ---------------------------------------------------------------------------------------------
// "Try again" after a failed, cancelled or expired payment starts with what the customer typed,
// read back from that payment: the receipt's link carries its reference (?retry=…, which the
// receipt's own URL already shows), never the e-mail, so nothing personal lands in logs or history,
// and it works whichever browser or host name the customer comes back on.
// ---------------------------------------------------------------------------------------------

/** How long after a payment that did not go through "Try again" still starts from it. */
const RETRY_WINDOW_MS = 60 * 60 * 1000;

/** The page the form is on: a payment's values come back only on the page it was made from, in its mode. */
export type HostedFormPage = ({ paymentLinkId: string } | { invoiceId: string } | { planId: string }) & { environment: Environment };

/**
 * The form's starting values: the last failed post's, else (coming back through "Try again") those
 * of the payment named by `?retry=`, only when it was made on this page, did not go through and is
 * recent; anything else starts empty.
 */
export async function initialFormValues(query: Record<string, unknown>, flash: Flash | null, page: HostedFormPage): Promise<FormValues> {
  if (flash) return flash.values;
  const reference = query.retry;
  if (typeof reference !== "string" || reference.length === 0 || reference.length > 200) return {};
  const payment = await db.transaction.findFirst({
    where: {
      reference,
      ...page,
      status: { in: ["FAILED", "CANCELLED", "ABANDONED"] },
      createdAt: { gte: new Date(Date.now() - RETRY_WINDOW_MS) },
    },
    select: { customerEmail: true, customerName: true, amount: true, channel: true },
  });
  if (!payment) return {};
  const values: FormValues = { email: payment.customerEmail, amount: koboToNairaInput(payment.amount) };
  if (payment.customerName) values.name = payment.customerName;
  if (payment.channel) values.channel = payment.channel;
  return values;
}

export type Flash = { errors: FieldError[]; values: FormValues };

/** Reads (and the page then clears) the flash left by the last failed post. */
export function readFlash(cookieValue: string | undefined): Flash | null {
  if (!cookieValue) return null;
  try {
    const parsed = cookieJson(cookieValue) as Flash | null;
    return parsed && Array.isArray(parsed.errors) && typeof parsed.values === "object" ? parsed : null;
  } catch {
    return null;
  }
}

/** A cookie we wrote (base64url JSON); the client may have rewritten it: checked like any JSON input. */
function cookieJson(cookieValue: string): unknown {
  return parseJson(Buffer.from(cookieValue, "base64url").toString("utf8")).value ?? null;
}

export const clearFlashCookie = (pagePath: string) => `${FLASH_COOKIE}=; Path=${pagePath}; Max-Age=0; HttpOnly; SameSite=Lax${secureAttribute()}`;

/** Cookies are marked Secure when the app is served over https (browsers drop Secure cookies on http). */
function secureAttribute(): string {
  return (setting("APP_URL") ?? "").startsWith("https://") ? "; Secure" : "";
}
