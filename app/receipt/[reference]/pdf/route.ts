import { route } from "@/lib/api/handler";
import { z } from "@/lib/zod";
import { pdfResponse } from "@/lib/api/respond";
import { receiptPdf } from "@/lib/payments/receipt-pdf";

const params = z.object({ reference: z.string().min(1).max(120) });

/** The customer's PDF copy of a paid payment's receipt, linked from the receipt page and e-mail. */
export const GET = route({ auth: "public", params }, async ({ params }) => {
  const { filename, pdf } = await receiptPdf(params.reference);
  return pdfResponse(pdf, filename);
});
