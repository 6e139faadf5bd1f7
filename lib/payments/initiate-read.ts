// Initiation's first read: the merchant and, when the payment is for one, its payment link, in one
// prepared statement (issue 29: every statement is a round trip on the hottest write path).
import { hotQuery } from "@/lib/db/client";
import type { Merchant, PaymentLink } from "@/lib/db/generated/client";
import type { Environment } from "@/lib/db/generated/enums";

type Payee = Pick<Merchant, "id" | "status" | "website" | "liveEnabledAt">;
type Row = Partial<PaymentLink> & { payeeStatus: Merchant["status"]; payeeWebsite: string | null; payeeLiveEnabledAt: Date | null };

/** The merchant (null: none) and its link `linkId` of this mode (null: none asked for, or not found). */
export async function payeeAndLink(
  merchantId: string,
  linkId: string | null,
  mode: Environment | undefined,
): Promise<{ merchant: Payee | null; link: PaymentLink | null }> {
  const [row] = await hotQuery<Row>(
    "initiate-payee",
    `SELECT m.status AS "payeeStatus", m.website AS "payeeWebsite", m."liveEnabledAt" AS "payeeLiveEnabledAt", l.*
     FROM "Merchant" m
     LEFT JOIN "PaymentLink" l ON l.id = $2::uuid AND l."merchantId" = m.id AND ($3::"Environment" IS NULL OR l.environment = $3::"Environment")
     WHERE m.id = $1::uuid`,
    [merchantId, linkId, mode ?? null],
  );
  if (!row) return { merchant: null, link: null };
  const { payeeStatus, payeeWebsite, payeeLiveEnabledAt, ...link } = row;
  return {
    merchant: { id: merchantId.toLowerCase(), status: payeeStatus, website: payeeWebsite, liveEnabledAt: payeeLiveEnabledAt },
    link: link.id ? (link as PaymentLink) : null,
  };
}
