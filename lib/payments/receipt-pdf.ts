// The customer's receipt as a PDF, with pdfkit like invoices (lib/invoices/pdf.ts). The built-in
// Helvetica has no ₦ glyph, so amounts read "NGN 2,500.00".
import PDFDocument from "pdfkit";
import { ApiError } from "@/lib/api/errors";
import { formatLagosDateTime } from "@/lib/lagos-time";
import { formatNgn as money } from "./money";
import { isPaid, loadReceipt, maskEmail, receiptUrl, type ReceiptDetails } from "./receipt";
import { paidTowardsSentences } from "@/lib/invoices/paid-towards";

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The PDF of a paid payment's receipt; 404 for an unknown reference or a payment that was not paid. */
export async function receiptPdf(reference: string): Promise<{ filename: string; pdf: Buffer }> {
  const receipt = await loadReceipt({ reference });
  if (!receipt || !isPaid(receipt)) throw ApiError.notFound("Receipt not found");
  return { filename: `receipt-${receipt.reference}.pdf`, pdf: await renderReceiptPdf(receipt) };
}

export function renderReceiptPdf(r: ReceiptDetails): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `Receipt ${r.reference}`, Author: r.merchant.businessName } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const accent = r.merchant.brandColor && HEX.test(r.merchant.brandColor) ? r.merchant.brandColor : "#0f766e";
  doc.fillColor(accent).fontSize(20).font("Helvetica-Bold").text(r.merchant.businessName);
  doc
    .fillColor("#52525b")
    .fontSize(10)
    .font("Helvetica")
    .text([r.merchant.supportEmail, r.merchant.supportPhone, r.merchant.website].filter(Boolean).join(" · ") || " ");
  doc.moveDown(1.5);

  doc.fillColor("#18181b").fontSize(16).font("Helvetica-Bold").text("Payment receipt");
  if (r.testMode) doc.fillColor("#92400e").fontSize(10).font("Helvetica").text("Test mode: no real money moved.");
  doc.moveDown();
  // What it paid of an invoice: an instalment and what is still due, or the invoice paid in full.
  const towards = paidTowardsSentences(r.paidTowards, money, r.merchant.businessName);
  if (towards.length > 0) {
    doc.fillColor("#18181b").fontSize(11).font("Helvetica-Bold");
    for (const sentence of towards) doc.text(`${sentence}.`, 50, doc.y, { width: 495 });
    doc.moveDown();
  }

  const rows: [string, string][] = [
    ["Paid for", r.item.title ?? "Payment"],
    ["Amount", money(r.amount)],
    ...(r.refundedAmount > 0n ? [["Refunded", money(r.refundedAmount)] as [string, string]] : []),
    ...(r.method ? [["Method", r.method] as [string, string]] : []),
    ["Reference", r.reference],
    ["Date", r.paidAt ? formatLagosDateTime(r.paidAt) : "—"],
    ["Paid by", [r.customer.name, maskEmail(r.customer.email)].filter(Boolean).join(" · ")],
  ];
  for (const [name, value] of rows) {
    const y = doc.y;
    doc.font("Helvetica").fontSize(11).fillColor("#52525b").text(name, 50, y, { width: 140 });
    doc.font("Helvetica-Bold").fillColor("#18181b").text(value, 200, y, { width: 345 });
    doc.moveDown(0.4);
  }

  if (r.item.lines.length > 0) {
    doc
      .moveDown(1)
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor("#18181b")
      .text(`${r.item.title ?? "Invoice"}: items`, 50);
    doc.moveDown(0.5);
    for (const line of r.item.lines) {
      const y = doc.y;
      doc.font("Helvetica").fontSize(10).fillColor("#27272a").text(`${line.description} × ${line.quantity}`, 50, y, { width: 380 });
      const after = doc.y;
      doc.text(money(line.total), 430, y, { width: 115, align: "right" });
      doc.y = Math.max(after, doc.y) + 4;
    }
  }

  doc
    .moveDown(2)
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#71717a")
    .text(`View online: ${receiptUrl(r.reference)}`, 50, doc.y, { width: 495 });
  if (r.merchant.supportEmail || r.merchant.supportPhone) {
    doc.text(
      `Questions about this payment? Contact ${r.merchant.businessName}: ${[r.merchant.supportEmail, r.merchant.supportPhone].filter(Boolean).join(" · ")}`,
      { width: 495 },
    );
  }
  doc.end();
  return done;
}
