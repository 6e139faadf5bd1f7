// Why a link or invoice cannot be paid, as the API answers it: the same message as ever, with a code
// per cause so an integration can tell a link that is off from one that took its last payment.
import { ApiError } from "@/lib/api/errors";
import type { ErrorCode } from "@/lib/api/error-codes";
import type { InvoiceStatus } from "@/lib/db/generated/enums";
import type { PaymentLink } from "@/lib/db/generated/client";
import { availabilityOf } from "@/lib/links/service";
import { invoiceRefusal } from "@/lib/invoices/state";

type LinkState = Pick<PaymentLink, "isActive" | "isReusable" | "expiresAt" | "maxPayments" | "completedPayments">;

/** The 404 for a link that is missing (for this merchant and mode) or not taking payments. */
export function linkRefused(link: LinkState | null | undefined): ApiError {
  const availability = link ? availabilityOf(link) : null;
  const code: ErrorCode = !availability ? "resource_missing" : availability === "full" || availability === "paid" ? "link_cap_reached" : "link_inactive";
  return ApiError.notFound("Payment link not found or is inactive", { code, param: "paymentLinkId" });
}

const INVOICE_CODES = { PAID: "invoice_already_paid", VOID: "invoice_voided", DRAFT: "invoice_not_sent" } as const satisfies Partial<
  Record<InvoiceStatus, ErrorCode>
>;

/** The 400 for an invoice that cannot be paid in this status, or null when it can. */
export function invoiceRefused(status: InvoiceStatus): ApiError | null {
  const refusal = invoiceRefusal(status);
  if (!refusal) return null;
  const code: ErrorCode = status in INVOICE_CODES ? INVOICE_CODES[status as keyof typeof INVOICE_CODES] : "bad_request";
  return ApiError.badRequest(refusal, { code });
}
