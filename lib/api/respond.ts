// Money is BigInt kobo in the database; JSON carries it as a plain integer.
// Amounts are capped far below Number.MAX_SAFE_INTEGER by validation, so the conversion is exact.
function replacer(_key: string, value: unknown) {
  return typeof value === "bigint" ? Number(value) : value;
}

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const res = new Response(JSON.stringify(body, replacer), { status, headers });
  res.headers.set("content-type", "application/json; charset=utf-8");
  return res;
}

/** A downloadable PDF. `inline` lets browsers show it; the filename is ours, never user text. */
export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "private, no-store",
    },
  });
}
