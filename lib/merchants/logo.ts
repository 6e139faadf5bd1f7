// Uploaded logos: checked, resized with sharp, stored in MerchantLogo and served from our own origin
// (GET /logos/{merchantId}?v={etag}), so hosted pages and e-mails never depend on the merchant's host.
// The merchant's logoUrl then names that path; an https URL set in Settings still works instead.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { toMerchantResponse } from "./serializers";
import type { AuditSource } from "@/lib/team/audit";
import type { MerchantScope } from "@/lib/auth/access";
import { ownerFields, recordMerchantUpdate } from "./service";
import { findById } from "@/lib/api/find";

export const LOGO_MAX_BYTES = 512 * 1024;
/** Stored size: sharp on the hosted pages' 36 px mark and e-mails' 40 px header, at up to 4× density. */
const LOGO_BOX = 256;
/**
 * Larger images are refused from their header, before they are decoded: a few KB of PNG can unpack
 * to a 64 MB bitmap (4096×4096), and a logo needs nowhere near this many.
 */
const MAX_INPUT_PIXELS = 4_000_000;

const TYPES = [
  { mediaType: "image/png", format: "png", magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mediaType: "image/jpeg", format: "jpeg", magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mediaType: "image/webp",
    format: "webp",
    magic: (b: Buffer) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
] as const;

/** "/logos/{merchantId}?v={etag}": our own path, which hosted pages use as is and e-mails make absolute. */
export const logoPath = (merchantId: string, etag: string) => `/logos/${merchantId}?v=${etag}`;

const invalid = (message: string) => ApiError.validation([{ field: "logo", message }]);

/**
 * The uploaded file, checked (PNG, JPEG or WebP by its bytes, not its name; at most 512 KB; an image
 * sharp can read) and made into the stored logo: at most 256×256, orientation applied, metadata
 * stripped, PNG (the one format every e-mail client shows, transparency kept).
 */
export async function processLogo(file: unknown): Promise<{ data: Buffer; contentType: "image/png"; etag: string }> {
  if (!(file instanceof Blob)) throw invalid("Attach the logo as the form field `logo` (a PNG, JPEG or WebP file)");
  if (file.size === 0) throw invalid("The file is empty");
  if (file.size > LOGO_MAX_BYTES) throw invalid("The logo must be at most 512 KB");
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = TYPES.find((t) => t.magic(bytes));
  if (!type) throw invalid("The logo must be a PNG, JPEG or WebP image");

  let data: Buffer;
  try {
    // sharp checks the header's dimensions against the limit before decoding anything.
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    if (meta.format !== type.format) throw new Error(`format ${meta.format}`);
    data = await image
      .rotate()
      .resize(LOGO_BOX, LOGO_BOX, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw invalid("The logo must be at most 4,000,000 pixels (for example 2000×2000)");
    throw invalid("The logo could not be read as an image");
  }
  const etag = createHash("sha256").update(data).digest("hex").slice(0, 20);
  return { data, contentType: "image/png", etag };
}

/** Stores the processed logo and points the merchant's logoUrl at it, audited like any settings change. */
export async function saveMerchantLogo({ merchantId, environment }: MerchantScope, file: unknown, audit: AuditSource) {
  const logo = await processLogo(file);
  const merchant = await db.$transaction(async (tx) => {
    await tx.merchantLogo.upsert({
      where: { merchantId },
      create: { merchantId, contentType: logo.contentType, data: new Uint8Array(logo.data), etag: logo.etag },
      update: { contentType: logo.contentType, data: new Uint8Array(logo.data), etag: logo.etag },
    });
    return setLogoUrl(tx, merchantId, logoPath(merchantId, logo.etag), audit);
  });
  return toMerchantResponse(merchant, merchant.owner, environment);
}

/** Removes the logo, uploaded or linked: the hosted pages fall back to the business's initials. */
export async function removeMerchantLogo({ merchantId, environment }: MerchantScope, audit: AuditSource) {
  const merchant = await db.$transaction(async (tx) => {
    await tx.merchantLogo.deleteMany({ where: { merchantId } });
    return setLogoUrl(tx, merchantId, null, audit);
  });
  return toMerchantResponse(merchant, merchant.owner, environment);
}

/** Sets logoUrl, audited: every upload (`uploaded`), and a removal that removed something. */
async function setLogoUrl(tx: Tx, merchantId: string, logoUrl: string | null, audit: AuditSource) {
  const before = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { logoUrl: true } });
  const updated = await tx.merchant.update({ where: { id: merchantId }, data: { logoUrl }, include: { owner: ownerFields } });
  const uploaded = logoUrl !== null;
  if (uploaded || before.logoUrl !== null) {
    const change = { fields: ["logoUrl"], from: { logoUrl: before.logoUrl }, to: { logoUrl } };
    await recordMerchantUpdate(tx, audit, merchantId, uploaded ? { ...change, uploaded: true } : change);
  }
  return updated;
}

/** The stored logo for GET /logos/{merchantId}, or null. */
export async function findMerchantLogo(merchantId: string) {
  return findById(merchantId, (id) => db.merchantLogo.findUnique({ where: { merchantId: id }, select: { contentType: true, data: true, etag: true } }));
}
