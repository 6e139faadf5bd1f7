import { IMMUTABLE, scalarAsset } from "@/lib/api/openapi/scalar";

type Context = { params: Promise<{ hash: string; file: string[] }> };

/** Scalar's browser build under a content-hashed URL: cached for a year, never revalidated. */
export async function GET(_req: Request, { params }: Context) {
  const { hash, file } = await params;
  const body = await scalarAsset(hash, file.join("/"));
  if (!body) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  return new Response(new Uint8Array(body), { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": IMMUTABLE } });
}
