// Invoice PDFs with pdfkit. The built-in Helvetica has no ₦ glyph, so amounts read "NGN 1,250.00".
import PDFDocument from "pdfkit";
import { formatCalendarDay, formatLagosDate, formatLagosDateTime } from "@/lib/lagos-time";
import { formatNgn as money } from "@/lib/payments/money";
import type { CustomerInvoice } from "./serializers";
import { lineTotal } from "./totals";

type PdfMerchant = { businessName: string; supportEmail: string | null; supportPhone: string | null; brandColor: string | null };
/** The completed payment that paid the invoice: a paid invoice's PDF is also its proof of payment. */
export type PdfPayment = { reference: string; completedAt: Date | null; method: string | null };

/** A due date is a calendar day (midnight UTC): "7 December 2026". */
const calendarDay = (date: Date | null) => (date ? formatCalendarDay(date) : "—");
/** An instant, as the Lagos calendar day it fell on. */
const lagosDay = (date: Date | null) => (date ? formatLagosDate(date) : "—");
const HEX = /^#[0-9a-fA-F]{6}$/;

/** Renders the customer's view of an invoice (never the merchant's internal note). */
export function renderInvoicePdf(
  invoice: CustomerInvoice,
  merchant: PdfMerchant,
  payment: PdfPayment | null = null,
  /** "Pay by bank transfer to …" (lib/transfers/pay-by-transfer.ts), for an open invoice whose customer has an account number. */
  payByTransfer: string | null = null,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: merchant.businessName } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const accent = merchant.brandColor && HEX.test(merchant.brandColor) ? merchant.brandColor : "#0f766e";
  doc.fillColor(accent).fontSize(20).font("Helvetica-Bold").text(merchant.businessName);
  doc
    .fillColor("#52525b")
    .fontSize(10)
    .font("Helvetica")
    .text([merchant.supportEmail, merchant.supportPhone].filter(Boolean).join(" · ") || " ");
  doc.moveDown(1.5);

  const paid = invoice.status === "PAID";
  const partly = !paid && invoice.status !== "VOID" && BigInt(invoice.amountPaid) > 0n;
  const titleY = doc.y;
  doc.fillColor("#18181b").fontSize(16).font("Helvetica-Bold").text(`Invoice ${invoice.invoiceNumber}`);
  if (paid || invoice.status === "VOID") {
    // A stamp at the top right: nobody pays a paid invoice twice, or a void one at all.
    const stamp = paid ? "PAID" : "VOID";
    const colour = paid ? "#15803d" : "#b91c1c";
    doc
      .save()
      .lineWidth(2)
      .strokeColor(colour)
      .roundedRect(425, titleY - 4, 120, 34, 4)
      .stroke();
    doc
      .fillColor(colour)
      .fontSize(20)
      .font("Helvetica-Bold")
      .text(stamp, 425, titleY + 4, { width: 120, align: "center" });
    doc.restore();
    doc.x = 50;
    doc.y = Math.max(doc.y, titleY + 24);
  }
  doc.fontSize(10).font("Helvetica").fillColor("#3f3f46");
  doc.text(`Status: ${invoice.status}`, 50);
  doc.text(`Issued: ${lagosDay(invoice.sentAt ?? invoice.createdAt)}    Due: ${calendarDay(invoice.dueDate)}`);
  if (paid) {
    const paidAt = payment?.completedAt ?? invoice.paidAt;
    doc
      .font("Helvetica-Bold")
      .fillColor("#15803d")
      .text(`Paid on ${paidAt ? formatLagosDateTime(paidAt) : "—"}${payment?.method ? ` by ${payment.method.toLowerCase()}` : ""}`);
    if (payment) doc.font("Helvetica").fillColor("#3f3f46").text(`Payment reference: ${payment.reference}`);
  }
  doc.font("Helvetica").fillColor("#3f3f46");
  doc.moveDown();
  doc.font("Helvetica-Bold").text("Billed to");
  doc.font("Helvetica").text([invoice.customerName, invoice.customerEmail].filter(Boolean).join("\n"));
  doc.moveDown(1.5);

  const columns = { description: 50, quantity: 320, unit: 380, total: 470 };
  const header = doc.y;
  doc.font("Helvetica-Bold").fillColor("#18181b");
  doc
    .text("Description", columns.description, header)
    .text("Qty", columns.quantity, header)
    .text("Unit price", columns.unit, header)
    .text("Amount", columns.total, header);
  doc
    .moveTo(50, doc.y + 4)
    .lineTo(545, doc.y + 4)
    .strokeColor("#e4e4e7")
    .stroke();
  doc.font("Helvetica").fillColor("#27272a");
  for (const item of invoice.lineItems) {
    const y = doc.y + 10;
    const unit = BigInt(item.amount);
    const total = lineTotal(unit, item.quantity) ?? 0n;
    doc.text(item.description, columns.description, y, { width: 260 });
    const after = doc.y;
    doc.text(String(item.quantity), columns.quantity, y).text(money(unit), columns.unit, y).text(money(total), columns.total, y);
    doc.y = Math.max(after, doc.y);
  }
  doc
    .moveTo(50, doc.y + 8)
    .lineTo(545, doc.y + 8)
    .strokeColor("#e4e4e7")
    .stroke();
  doc.moveDown(1.5);
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .fillColor("#18181b")
    .text(`${paid ? "Total paid" : partly ? "Total" : "Total due"}: ${money(BigInt(invoice.amount))}`, 50, doc.y, { align: "right", width: 495 });
  // Paid in part: what came in so far, and what is left to pay.
  if (partly) {
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor("#3f3f46")
      .text(`Paid so far: ${money(BigInt(invoice.amountPaid))}`, 50, doc.y, { align: "right", width: 495 });
    doc
      .font("Helvetica-Bold")
      .fontSize(12)
      .fillColor("#18181b")
      .text(`Amount due: ${money(BigInt(invoice.amountDue))}`, 50, doc.y, { align: "right", width: 495 });
  }

  if (invoice.customerNote) {
    doc.moveDown(2).font("Helvetica-Bold").fontSize(10).text("Note", 50).font("Helvetica").fillColor("#3f3f46").text(invoice.customerNote, { width: 495 });
  }
  if (!paid && invoice.status !== "VOID") doc.moveDown(2).fontSize(9).fillColor("#71717a").text(`Pay online: ${invoice.hostedUrl}`, 50, doc.y, { width: 495 });
  if (payByTransfer) doc.moveDown(0.5).fontSize(9).fillColor("#3f3f46").text(payByTransfer, 50, doc.y, { width: 495 });
  doc.end();
  return done;
}
