import { randomInt } from "node:crypto";
import { findOr404 } from "@/lib/api/find";
import { db, hotQuery } from "@/lib/db/client";
import type { MerchantStatus } from "@/lib/db/generated/enums";
import type { MerchantScope } from "@/lib/auth/access";
import type { Merchant, PaymentLink } from "@/lib/db/generated/client";
import { ApiError, isUniqueViolation } from "@/lib/api/errors";
import { afterCursor, newestFirst, toPage } from "@/lib/api/pagination";
import type { CreateLinkInput, LinkListQuery, UpdateLinkInput } from "./schemas";
import { toLinkResponse, toPublicLinkResponse, toPublicMerchant } from "./serializers";
import { recordVisit } from "./visits";
import { requireLive } from "@/lib/merchants/activation";

const scopeOf = ({ merchantId, environment }: MerchantScope): MerchantScope => ({ merchantId, environment });

const SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // no 0/o, 1/l: easy to read aloud
const RANDOM_SLUG_LENGTH = 10;
const slugTaken = () => ApiError.conflict("A payment link with this custom slug already exists", { code: "slug_taken", param: "customSlug" });

function randomSlug(): string {
  return Array.from({ length: RANDOM_SLUG_LENGTH }, () => SLUG_ALPHABET[randomInt(SLUG_ALPHABET.length)]).join("");
}

/** Slugs are unique across the platform (`/pay/{slug}` names no merchant); the database decides races. */
export async function createLink(scope: MerchantScope, input: CreateLinkInput) {
  if (scope.environment === "live") await requireLive(scope.merchantId);
  const { customSlug, amount, ...rest } = input;
  const data = { ...rest, ...scopeOf(scope), amount: amount === undefined ? null : BigInt(amount) };
  if (customSlug) {
    try {
      return toLinkResponse(await db.paymentLink.create({ data: { ...data, slug: customSlug } }));
    } catch (error) {
      if (isUniqueViolation(error, "slug")) throw slugTaken();
      throw error;
    }
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return toLinkResponse(await db.paymentLink.create({ data: { ...data, slug: randomSlug() } }));
    } catch (error) {
      // 32^10 slugs: a clash is rare, three in a row means something else is wrong.
      if (!isUniqueViolation(error, "slug") || attempt >= 2) throw error;
    }
  }
}

export async function listLinks(scope: MerchantScope, query: LinkListQuery) {
  const rows = await db.paymentLink.findMany({
    where: {
      ...scopeOf(scope),
      ...(query.status && { isActive: query.status === "active" }),
      ...afterCursor(query.cursor),
    },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, toLinkResponse);
}

function findLink(scope: MerchantScope, linkId: string): Promise<PaymentLink> {
  return findOr404(linkId, "Payment link not found", (id) => db.paymentLink.findFirst({ where: { id, ...scopeOf(scope) } }));
}

/** One link with what it has collected, for the dashboard. */
export async function getLink(scope: MerchantScope, linkId: string) {
  const link = await findLink(scope, linkId);
  const collected = await db.transaction.aggregate({
    where: { paymentLinkId: link.id, status: { in: ["COMPLETED", "REFUNDED"] } },
    _sum: { amount: true },
    _count: true,
  });
  return {
    link: toLinkResponse(link),
    stats: { visits: link.visitCount, payments: collected._count, collected: collected._sum.amount ?? 0n },
  };
}

export async function updateLink(scope: MerchantScope, linkId: string, input: UpdateLinkInput) {
  await findLink(scope, linkId);
  const { amount, ...rest } = input;
  const link = await db.paymentLink.update({
    where: { id: linkId },
    data: { ...rest, ...(amount !== undefined && { amount: amount === null ? null : BigInt(amount) }) },
  });
  return toLinkResponse(link);
}

/** A link that has taken payments keeps its history: deactivate it instead. */
export async function deleteLink(scope: MerchantScope, linkId: string) {
  const link = await findLink(scope, linkId);
  const payments = await db.transaction.count({ where: { paymentLinkId: link.id } });
  if (payments > 0) throw ApiError.conflict("This link has payments; deactivate it instead of deleting it", { code: "link_has_payments" });
  await db.paymentLink.delete({ where: { id: link.id } });
}

// ---------------------------------------------------------------------------------------------
// Public side: what customers see at /pay/{slug}
// ---------------------------------------------------------------------------------------------

/** Why a link takes payments or not: "paid" is a single-use link that got its payment, "full" one that reached maxPayments. */
export type LinkAvailability = "available" | "inactive" | "expired" | "full" | "paid";

export function availabilityOf(
  link: Pick<PaymentLink, "isActive" | "isReusable" | "expiresAt" | "maxPayments" | "completedPayments">,
  now = new Date(),
): LinkAvailability {
  // The settlement also turns isActive off when a link is used up, so the payments are checked
  // first: the customer should hear "already paid", not that the business turned the link off.
  if (!link.isReusable && link.completedPayments >= 1) return "paid";
  if (link.maxPayments !== null && link.completedPayments >= link.maxPayments) return "full";
  if (!link.isActive) return "inactive";
  if (link.expiresAt && link.expiresAt <= now) return "expired";
  return "available";
}

type PublicLinkRow = PaymentLink & { merchantStatus: MerchantStatus } & Pick<
    Merchant,
    "businessName" | "logoUrl" | "brandColor" | "supportEmail" | "supportPhone" | "website"
  >;

/** The link behind /pay/{slug} and how it stands, or null when there is no such slug. */
export async function findPublicLink(slug: string) {
  if (!/^[A-Za-z0-9]{1,50}$/.test(slug)) return null;
  // One prepared statement (the public link read is the hottest route): the link and its merchant's public fields.
  const [found] = await hotQuery<PublicLinkRow>(
    "public-link-by-slug",
    `SELECT l.*, m.status AS "merchantStatus", m."businessName", m."logoUrl", m."brandColor", m."supportEmail", m."supportPhone", m.website
     FROM "PaymentLink" l JOIN "Merchant" m ON m.id = l."merchantId" WHERE l.slug = $1`,
    [slug],
  );
  if (!found) return null;
  const { merchantStatus, businessName, logoUrl, brandColor, supportEmail, supportPhone, website, ...row } = found;
  const merchant = toPublicMerchant({ id: row.merchantId, businessName, logoUrl, brandColor, supportEmail, supportPhone, website });
  const closed = merchantStatus === "suspended" || merchantStatus === "closed";
  return { link: row as PaymentLink, merchant, availability: closed ? ("inactive" as const) : availabilityOf(row) };
}

/** GET /api/payment-links/:slug: an unpayable link answers exactly like a missing one. */
export async function readPublicLink(slug: string) {
  const found = await findPublicLink(slug);
  if (!found || found.availability !== "available") throw ApiError.notFound("Payment link not found or is inactive");
  recordVisit(found.link);
  return toPublicLinkResponse(found.link, found.merchant);
}
