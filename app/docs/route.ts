// The API reference: Scalar renders /api/openapi.json (including the integration guide at its top).
// System fonts instead of Scalar's web fonts: the page loads nothing from another origin.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Paylink</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='{"withDefaultFonts":false}'></script>
    <script src="/docs/reference.js"></script>
  </body>
</html>`;

export function GET() {
  return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
