// "Pay by bank transfer to …" on an open invoice (its page, e-mail and PDF): the account number of
// the invoice's customer (per merchant, mode and e-mail), when they have an active one.
import { db } from "@/lib/db/client";
import type { Environment, InvoiceStatus } from "@/lib/db/generated/enums";
import { PAYABLE } from "@/lib/invoices/state";
import { payByTransferText } from "./serializers";

type OpenInvoice = { merchantId: string; environment: Environment; customerEmail: string; status: InvoiceStatus };

/** The sentence, or null: the invoice is not open, or its customer has no account number. */
export async function payByTransferFor(invoice: OpenInvoice): Promise<string | null> {
  if (!PAYABLE.includes(invoice.status)) return null;
  const customer = await db.customer.findUnique({
    where: { merchantId_environment_email: { merchantId: invoice.merchantId, environment: invoice.environment, email: invoice.customerEmail.toLowerCase() } },
    select: { virtualAccount: true },
  });
  const account = customer?.virtualAccount;
  return account?.status === "active" ? payByTransferText(account) : null;
}
