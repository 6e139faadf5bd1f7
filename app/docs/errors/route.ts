import { errorCataloguePage } from "@/lib/api/openapi/error-catalogue";

// The error catalogue (every error `code`, what it means, what to do): each error body's docUrl points here.
let html: string | undefined;

export function GET() {
  html ??= errorCataloguePage();
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
