// The dashboard's invoice form: line items typed in naira -> the API body in kobo. Client-safe.
// Totals come from lib/invoices/totals.ts, the same code the API uses, so the live total is
// exactly what will be charged. form.test.ts checks the bodies against lib/invoices/schemas.ts.
import { z } from "@/lib/zod";
import { MAX_AMOUNT_KOBO, koboToNairaInput, parseNairaInput } from "@/lib/payments/money";
import { totalOf } from "./totals";

const MAX_QUANTITY = 1_000_000;
const MAX_ITEMS = 100;

/** "2", "2.5", "0.125" -> a number with at most 4 decimals, or null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,4})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= MAX_QUANTITY ? value : null;
}

const lineItem = z.object({
  description: z.string().trim().min(1, "Describe the item").max(300, "Use at most 300 characters"),
  unitPrice: z
    .string()
    .refine((s) => s.trim() !== "", "Enter a price")
    .refine((s) => s.trim() === "" || parseNairaInput(s) !== null, "Enter naira, like 1,250.50"),
  quantity: z
    .string()
    .refine((s) => s.trim() !== "", "Enter a quantity")
    .refine((s) => s.trim() === "" || parseQuantity(s) !== null, "Use a number above 0 with at most 4 decimals"),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export const invoiceFormSchema = z
  .object({
    customerEmail: z.string().trim().min(1, "Enter the customer's email").max(254).pipe(z.email("Enter a valid email address")),
    customerName: z.string().trim().max(120, "Use at most 120 characters"),
    customerNote: z.string().trim().max(2000, "Use at most 2000 characters"),
    merchantNote: z.string().trim().max(2000, "Use at most 2000 characters"),
    dueDate: z.string().refine((s) => s === "" || (DATE_ONLY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)), "Choose a valid date"),
    lineItems: z.array(lineItem).min(1, "Add at least one item").max(MAX_ITEMS, `An invoice has at most ${MAX_ITEMS} items`),
    allowPartialPayments: z.boolean(),
    /** Naira, optional; read only when allowPartialPayments is on. */
    minimumPayment: z.string(),
  })
  .superRefine((v, ctx) => {
    const total = formTotal(v.lineItems);
    if (v.allowPartialPayments && v.minimumPayment.trim() !== "") {
      const minimum = parseNairaInput(v.minimumPayment);
      if (minimum === null) ctx.addIssue({ code: "custom", path: ["minimumPayment"], message: "Enter naira, like 5,000" });
      else if (minimum <= 0n) ctx.addIssue({ code: "custom", path: ["minimumPayment"], message: "Enter more than ₦0.00, or leave it empty" });
      else if (total.kind === "ok" && minimum > total.kobo)
        ctx.addIssue({ code: "custom", path: ["minimumPayment"], message: "The minimum cannot be more than the total" });
    }
    // Item-level problems are reported on the items themselves.
    if (total.kind === "fractional")
      ctx.addIssue({ code: "custom", path: ["lineItems", "root"], message: "The total is not a whole number of kobo: check the quantities" });
    else if (total.kind === "ok" && total.kobo <= 0n)
      ctx.addIssue({ code: "custom", path: ["lineItems", "root"], message: "The total must be more than ₦0.00" });
    else if (total.kind === "ok" && total.kobo > BigInt(MAX_AMOUNT_KOBO))
      ctx.addIssue({ code: "custom", path: ["lineItems", "root"], message: "The total is above the ₦10,000,000,000.00 limit" });
  });

export type InvoiceFormValues = z.input<typeof invoiceFormSchema>;
export type LineItemFormValues = InvoiceFormValues["lineItems"][number];

export const emptyLineItem: LineItemFormValues = { description: "", unitPrice: "", quantity: "1" };

export const emptyInvoiceForm: InvoiceFormValues = {
  customerEmail: "",
  customerName: "",
  customerNote: "",
  merchantNote: "",
  dueDate: "",
  lineItems: [emptyLineItem],
  allowPartialPayments: false,
  minimumPayment: "",
};

type ParsedItem = { description: string; amount: bigint; quantity: number };

function parseItem(item: LineItemFormValues): ParsedItem | null {
  const amount = parseNairaInput(item.unitPrice ?? "");
  const quantity = parseQuantity(item.quantity ?? "");
  return amount === null || quantity === null ? null : { description: item.description.trim(), amount, quantity };
}

export type FormTotal = { kind: "ok"; kobo: bigint } | { kind: "incomplete"; kobo: bigint } | { kind: "fractional" };

/** The live total: complete rows summed exactly; "incomplete" while some rows cannot be read yet. */
export function formTotal(items: LineItemFormValues[]): FormTotal {
  const parsed = items.map(parseItem);
  const complete = parsed.filter((p): p is ParsedItem => p !== null);
  const kobo = totalOf(complete);
  if (kobo === null) return { kind: "fractional" };
  return complete.length === items.length ? { kind: "ok", kobo } : { kind: "incomplete", kobo };
}

/** One row's amount x quantity, or null while it cannot be read (or is not whole kobo). */
export function formLineTotal(item: LineItemFormValues): bigint | null {
  const parsed = parseItem(item);
  return parsed ? totalOf([parsed]) : null;
}

/** The minimum instalment in kobo: only with instalments on, and only when one was typed. */
function minimumOf(v: InvoiceFormValues): number | null {
  const minimum = v.allowPartialPayments && v.minimumPayment.trim() !== "" ? parseNairaInput(v.minimumPayment) : null;
  return minimum === null ? null : Number(minimum);
}

/** The API body's fields shared by create (POST) and draft edits (PATCH). */
function bodyFields(v: InvoiceFormValues) {
  return {
    customerEmail: v.customerEmail.trim().toLowerCase(),
    allowPartialPayments: v.allowPartialPayments,
    lineItems: v.lineItems.map((item) => {
      const parsed = parseItem(item);
      if (!parsed) throw new Error("Line items must be valid before building the body");
      return { description: parsed.description, amount: Number(parsed.amount), quantity: parsed.quantity };
    }),
  };
}

/** POST /api/merchants/:id/invoices body. */
export function toCreateInvoiceBody(v: InvoiceFormValues, status: "DRAFT" | "SENT") {
  return {
    ...bodyFields(v),
    ...(v.customerName.trim() && { customerName: v.customerName.trim() }),
    ...(v.customerNote.trim() && { customerNote: v.customerNote.trim() }),
    ...(v.merchantNote.trim() && { merchantNote: v.merchantNote.trim() }),
    ...(v.dueDate && { dueDate: v.dueDate }),
    ...(minimumOf(v) !== null && { minimumPaymentAmount: minimumOf(v)! }),
    status,
  };
}

/** PATCH body for a draft: blanks clear the optional fields. */
export function toUpdateInvoiceBody(v: InvoiceFormValues) {
  return {
    ...bodyFields(v),
    customerName: v.customerName.trim() || null,
    customerNote: v.customerNote.trim() || null,
    merchantNote: v.merchantNote.trim() || null,
    dueDate: v.dueDate || null,
    minimumPaymentAmount: minimumOf(v),
  };
}

/** The edit form's starting values from an invoice as the API returns it. */
export function invoiceToFormValues(invoice: {
  customerEmail: string;
  customerName: string | null;
  customerNote: string | null;
  merchantNote: string | null;
  dueDate: Date | string | null;
  lineItems: { description: string; amount: bigint | number | string; quantity: number }[];
  allowPartialPayments: boolean;
  minimumPaymentAmount: bigint | number | string | null;
}): InvoiceFormValues {
  return {
    customerEmail: invoice.customerEmail,
    customerName: invoice.customerName ?? "",
    customerNote: invoice.customerNote ?? "",
    merchantNote: invoice.merchantNote ?? "",
    dueDate: invoice.dueDate ? new Date(invoice.dueDate).toISOString().slice(0, 10) : "",
    lineItems: invoice.lineItems.map((item) => ({
      description: item.description,
      unitPrice: koboToNairaInput(BigInt(item.amount)),
      quantity: String(item.quantity),
    })),
    allowPartialPayments: invoice.allowPartialPayments,
    minimumPayment: invoice.minimumPaymentAmount === null ? "" : koboToNairaInput(BigInt(invoice.minimumPaymentAmount)),
  };
}
