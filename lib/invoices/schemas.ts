import { fields } from "@/lib/api/validation";
import { z } from "@/lib/zod";
import type { FieldError } from "@/lib/api/errors";
import { blankAsMissing, pageQuery } from "@/lib/api/pagination";
import { MAX_AMOUNT_KOBO } from "@/lib/payments/money";
import { amountKobo } from "@/lib/payments/schemas";
import { totalOf } from "./totals";

export const INVOICE_STATUSES = ["DRAFT", "SENT", "PARTIALLY_PAID", "PAID", "OVERDUE", "VOID"] as const;
/** Quantities may be fractional (2.5 hours) up to four decimal places, as the column stores. */
const MAX_QUANTITY = 1_000_000;

const lineItem = z
  .object({
    description: z.string({ error: "description is required" }).trim().min(1, "description is required").max(300, "description must be at most 300 characters"),
    amount: amountKobo("amount").min(0, "amount must be zero or more"),
    quantity: z
      .number({ error: "quantity must be a number" })
      .positive("quantity must be more than zero")
      .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`)
      .refine(
        (q) => Number.isInteger(Math.round(q * 10_000)) && Math.abs(q * 10_000 - Math.round(q * 10_000)) < 1e-6,
        "quantity may have at most 4 decimal places",
      ),
  })
  .meta({ example: { description: "Catering for 20 guests", amount: 2_500_000, quantity: 1 } });
export type LineItemInput = z.output<typeof lineItem>;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** YYYY-MM-DD, a real calendar date, stored as midnight UTC. */
const dueDate = z.string({ error: "dueDate must be a date in YYYY-MM-DD format" }).transform((text, ctx) => {
  const match = DATE_ONLY.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== text) {
    ctx.addIssue({ code: "custom", message: "dueDate must be a date in YYYY-MM-DD format" });
    return z.NEVER;
  }
  return date;
});

const lineItems = z
  .array(lineItem, { error: "lineItems must be an array of line items" })
  .min(1, "lineItems must have at least one item")
  .max(100, "lineItems may have at most 100 items")
  .superRefine((items, ctx) => {
    const total = totalOf(items);
    if (total === null) ctx.addIssue({ code: "custom", message: "The total must be a whole number of kobo: check the quantities" });
    else if (total <= 0n) ctx.addIssue({ code: "custom", message: "The total must be more than zero" });
    else if (total > BigInt(MAX_AMOUNT_KOBO)) ctx.addIssue({ code: "custom", message: `The total must be at most ${MAX_AMOUNT_KOBO} kobo` });
  });

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

const allowPartialPayments = z.boolean({ error: "allowPartialPayments must be true or false" }).meta({
  description: "Let the customer pay in instalments (status PARTIALLY_PAID until `amountDue` is 0). Default false.",
});
const minimumPaymentAmount = amountKobo("minimumPaymentAmount").positive("minimumPaymentAmount must be more than zero").meta({
  description:
    "With allowPartialPayments: the smallest instalment, in kobo, at most the total. The balance, when less, may always be paid; no payment is ever below 5000 (₦50).",
});

/** The rules that tie minimumPaymentAmount to allowPartialPayments and the total (create, and update once merged with the draft). */
export function partialPaymentProblems(v: { allowPartialPayments: boolean; minimumPaymentAmount: bigint | null; total: bigint | null }): FieldError[] {
  if (v.minimumPaymentAmount === null) return [];
  if (!v.allowPartialPayments) return [{ field: "minimumPaymentAmount", message: "minimumPaymentAmount needs allowPartialPayments: true" }];
  if (v.total !== null && v.minimumPaymentAmount > v.total) {
    return [{ field: "minimumPaymentAmount", message: `minimumPaymentAmount must be at most the invoice total, ${v.total} kobo` }];
  }
  return [];
}

export const createInvoiceSchema = z
  .object({
    customerEmail: fields.email(),
    customerName: text("customerName", 120).optional(),
    customerNote: text("customerNote", 2000).optional(),
    merchantNote: text("merchantNote", 2000).optional(),
    lineItems,
    currency: fields.currency(),
    dueDate: dueDate.optional(),
    status: z.enum(["DRAFT", "SENT"], { error: "status must be DRAFT or SENT" }).default("DRAFT"),
    allowPartialPayments: allowPartialPayments.default(false),
    minimumPaymentAmount: minimumPaymentAmount.optional(),
  })
  .superRefine((body, ctx) => {
    const problems = partialPaymentProblems({
      allowPartialPayments: body.allowPartialPayments,
      minimumPaymentAmount: body.minimumPaymentAmount === undefined ? null : BigInt(body.minimumPaymentAmount),
      total: totalOf(body.lineItems),
    });
    for (const p of problems) ctx.addIssue({ code: "custom", path: [p.field], message: p.message });
  });
/** allowPartialPayments may be left out by callers inside the app (tests, seed): false, as the schema's default. */
export type CreateInvoiceInput = Omit<z.output<typeof createInvoiceSchema>, "allowPartialPayments"> & { allowPartialPayments?: boolean };

/** Drafts only: a sent invoice is a promise to the customer. null clears a field. */
export const updateInvoiceSchema = z
  .object({
    customerEmail: fields.email().optional(),
    customerName: text("customerName", 120).nullable().optional(),
    customerNote: text("customerNote", 2000).nullable().optional(),
    merchantNote: text("merchantNote", 2000).nullable().optional(),
    lineItems: lineItems.optional(),
    dueDate: dueDate.nullable().optional(),
    allowPartialPayments: allowPartialPayments.optional(),
    minimumPaymentAmount: minimumPaymentAmount.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type UpdateInvoiceInput = z.output<typeof updateInvoiceSchema>;

export const invoiceParams = z.object({ invoiceId: fields.uuid("invoiceId") });

export const invoiceListQuery = z.object({
  status: blankAsMissing(z.enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(", ")}` }).optional()),
  ...pageQuery,
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;
