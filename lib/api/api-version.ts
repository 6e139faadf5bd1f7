// Which version a request is answered in, and the answer reshaped to it (lib/api/versions.ts holds
// the versions and their transforms). Used once, by the route wrapper.
import { hotQuery } from "@/lib/db/client";
import type { MerchantAccess } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";
import { inVersion, LATEST_VERSION, versionOr, type ApiVersion, type Shape } from "./versions";

/**
 * The header's version when sent, else the merchant's pinned one, else the latest. The first call
 * that names a merchant (a key, or a user on a merchant's route) pins it, to the header's version or
 * the latest. The dashboard (session cookie) is our own client on the latest: it neither pins nor follows the pin.
 */
export async function versionOfRequest(requested: ApiVersion | null, principal: Principal | null, merchant: MerchantAccess | undefined): Promise<ApiVersion> {
  const merchantId = merchant?.merchantId ?? (principal?.kind === "apiKey" ? principal.merchantId : undefined);
  if (!merchantId || (principal?.kind === "user" && principal.via === "session")) return requested ?? LATEST_VERSION;
  const pinned = await pinnedVersion(merchantId, requested ?? LATEST_VERSION);
  return requested ?? pinned;
}

async function pinnedVersion(merchantId: string, first: ApiVersion): Promise<ApiVersion> {
  const read = () => hotQuery<{ apiVersion: string | null }>("merchant-api-version", `SELECT "apiVersion" FROM "Merchant" WHERE id = $1`, [merchantId]);
  const [row] = await read();
  if (!row) return first;
  if (row.apiVersion) return versionOr(row.apiVersion);
  // Only while unset, so concurrent first calls agree on one version (a loser reads the winner's).
  const [set] = await hotQuery<{ apiVersion: string }>(
    "merchant-api-version-pin",
    `UPDATE "Merchant" SET "apiVersion" = $2 WHERE id = $1 AND "apiVersion" IS NULL RETURNING "apiVersion"`,
    [merchantId, first],
  );
  return versionOr(set?.apiVersion ?? (await read())[0]?.apiVersion, first);
}

/** A successful JSON answer in `version`'s shape; the latest (what handlers build) passes untouched. */
export async function answerInVersion(response: Response, shape: Shape | undefined, version: ApiVersion): Promise<Response> {
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  if (version === LATEST_VERSION || !json || response.status < 200 || response.status >= 300) return response;
  const text = await response.text();
  const body = text ? JSON.stringify(inVersion(JSON.parse(text) as unknown, shape, version)) : text;
  return new Response(body, { status: response.status, headers: response.headers });
}
