import { toApiError } from "@/lib/api/errors";
import { findMerchantLogo } from "@/lib/merchants/logo";

// A merchant's uploaded logo, from our own origin (hosted pages, e-mails, the dashboard). The URL
// carries the logo's hash (?v=…), so that exact URL never changes content and is cached for a year;
// any other URL of it revalidates with the ETag after five minutes.
export async function GET(req: Request, { params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  let logo;
  try {
    logo = await findMerchantLogo(merchantId);
  } catch (error) {
    if (toApiError(error)?.status === 503) return new Response(null, { status: 503, headers: { "retry-after": "5", "cache-control": "no-store" } });
    throw error;
  }
  if (!logo) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

  const etag = `"${logo.etag}"`;
  const versioned = new URL(req.url).searchParams.get("v") === logo.etag;
  const headers = {
    etag,
    "cache-control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300, must-revalidate",
    // E-mail clients and other sites show it in <img>: it is public by design.
    "cross-origin-resource-policy": "cross-origin",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  const ifNoneMatch = req.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(logo.data), {
    headers: { ...headers, "content-type": logo.contentType, "content-length": String(logo.data.byteLength), "content-disposition": "inline" },
  });
}
