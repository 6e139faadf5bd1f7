import { describe, expect, it } from "vitest";
import { createInvoiceSchema, updateInvoiceSchema } from "./schemas";
import {
  emptyInvoiceForm,
  formLineTotal,
  formTotal,
  invoiceFormSchema,
  invoiceToFormValues,
  toCreateInvoiceBody,
  toUpdateInvoiceBody,
  type InvoiceFormValues,
} from "./form";

const form = (changes: Partial<InvoiceFormValues>): InvoiceFormValues => ({
  ...emptyInvoiceForm,
  customerEmail: "Customer@Example.com",
  lineItems: [
    { description: "Design", unitPrice: "1,500.50", quantity: "2" },
    { description: "Hosting", unitPrice: "99.99", quantity: "3" },
  ],
  ...changes,
});

describe("invoice form", () => {
  it("computes the live total exactly in kobo", () => {
    const values = form({});
    expect(formTotal(values.lineItems)).toEqual({ kind: "ok", kobo: 330_097n }); // 300,100 + 29,997
    expect(formLineTotal(values.lineItems[1]!)).toBe(29_997n);
  });

  it("shows a partial total while a row is still being typed", () => {
    expect(formTotal([...form({}).lineItems, { description: "", unitPrice: "", quantity: "1" }])).toEqual({ kind: "incomplete", kobo: 330_097n });
  });

  it("refuses a total that is not a whole number of kobo, like the API", () => {
    const lineItems = [{ description: "Time", unitPrice: "0.01", quantity: "0.5" }];
    expect(formTotal(lineItems)).toEqual({ kind: "fractional" });
    const result = invoiceFormSchema.safeParse(form({ lineItems }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain("lineItems.root");
  });

  it("builds bodies the API accepts", () => {
    const values = form({ dueDate: "2030-02-28", merchantNote: "internal", customerNote: "Thanks" });
    expect(invoiceFormSchema.safeParse(values).success).toBe(true);
    const body = toCreateInvoiceBody(values, "SENT");
    expect(body.lineItems).toEqual([
      { description: "Design", amount: 150_050, quantity: 2 },
      { description: "Hosting", amount: 9_999, quantity: 3 },
    ]);
    expect(createInvoiceSchema.safeParse(body).success).toBe(true);
    expect(updateInvoiceSchema.safeParse(toUpdateInvoiceBody({ ...values, customerName: "" })).success).toBe(true);
  });

  it("explains bad rows and dates", () => {
    const result = invoiceFormSchema.safeParse(form({ dueDate: "2030-02-30", lineItems: [{ description: "", unitPrice: "1.234", quantity: "0" }] }));
    const paths = result.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["dueDate", "lineItems.0.description", "lineItems.0.unitPrice", "lineItems.0.quantity"]));
  });

  it("round-trips an invoice into the edit form", () => {
    const values = invoiceToFormValues({
      customerEmail: "a@b.co",
      customerName: null,
      customerNote: null,
      merchantNote: null,
      dueDate: new Date("2030-01-31T00:00:00Z"),
      lineItems: [{ description: "X", amount: 123_456n, quantity: 1.5 }],
      allowPartialPayments: true,
      minimumPaymentAmount: 500_050n,
    });
    expect(values.dueDate).toBe("2030-01-31");
    expect(values.lineItems[0]).toEqual({ description: "X", unitPrice: "1,234.56", quantity: "1.5" });
    expect(values).toMatchObject({ allowPartialPayments: true, minimumPayment: "5,000.50" });
  });

  it("sends instalments and the minimum in exact kobo; the minimum only with instalments on", () => {
    const values = form({ allowPartialPayments: true, minimumPayment: "1,000.05" });
    expect(invoiceFormSchema.safeParse(values).success).toBe(true);
    const body = toCreateInvoiceBody(values, "DRAFT");
    expect(body).toMatchObject({ allowPartialPayments: true, minimumPaymentAmount: 100_005 });
    expect(createInvoiceSchema.safeParse(body).success).toBe(true);
    expect(toUpdateInvoiceBody(values)).toMatchObject({ allowPartialPayments: true, minimumPaymentAmount: 100_005 });

    const off = form({ allowPartialPayments: false, minimumPayment: "1,000" });
    expect(toCreateInvoiceBody(off, "DRAFT")).not.toHaveProperty("minimumPaymentAmount");
    expect(toUpdateInvoiceBody(off)).toMatchObject({ allowPartialPayments: false, minimumPaymentAmount: null });
    expect(updateInvoiceSchema.safeParse(toUpdateInvoiceBody(off)).success).toBe(true);
  });

  it.each([
    ["abc", "Enter naira"],
    ["0", "more than ₦0.00"],
    ["3,301.00", "more than the total"],
  ])("refuses a minimum of %j: %s", (minimumPayment, message) => {
    const result = invoiceFormSchema.safeParse(form({ allowPartialPayments: true, minimumPayment }));
    expect(result.error?.issues.find((i) => i.path.join(".") === "minimumPayment")?.message).toContain(message);
  });
});
