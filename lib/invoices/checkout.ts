import { formValues, parseCustomer, startHostedPayment, type CheckoutResult } from "@/lib/payments/hosted-checkout";
import { findCustomerInvoice } from "./public";

const NOT_PAYABLE: Record<string, string> = {
  PAID: "This invoice has already been paid.",
  VOID: "This invoice has been cancelled by the business.",
};

/** The invoice page's pay button: always the invoice total, billed to the invoice's customer. */
export async function startInvoiceCheckout(invoiceId: string, form: FormData): Promise<CheckoutResult | null> {
  const found = await findCustomerInvoice(invoiceId);
  if (!found) return null;
  const { invoice } = found;
  const values = formValues(form);
  const notPayable = NOT_PAYABLE[invoice.status];
  if (notPayable) return { errors: [{ field: "form", message: notPayable }], values };

  const parsed = parseCustomer({ email: invoice.customerEmail, name: invoice.customerName ?? values.name, channel: values.channel }, false);
  if ("errors" in parsed) return { errors: parsed.errors!, values };
  return startHostedPayment(
    {
      merchantId: invoice.merchantId,
      amount: Number(invoice.amount),
      invoiceId: invoice.id,
      email: parsed.customer.email,
      firstName: parsed.customer.firstName,
      lastName: parsed.customer.lastName,
      channel: parsed.customer.channel,
    },
    values,
  );
}
