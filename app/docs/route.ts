import { scalarUrl } from "@/lib/api/openapi/scalar";

// The API reference: Scalar renders /api/openapi.json, the integration guide (info.description)
// first, then the operations grouped by resource (the document's tags, in its order). System fonts
// instead of Scalar's web fonts, so the page loads nothing from another origin. Scalar's AI agent,
// MCP and developer tools (share, deploy) are off: this page documents our API, nothing more.
const CONFIGURATION = {
  withDefaultFonts: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: "json",
  operationTitleSource: "summary",
  // Code blocks (the guide's and the request examples) wrap instead of scrolling sideways.
  customCss:
    ".scalar-app .markdown pre code, .scalar-app .markdown pre code *, .scalar-app .scalar-code-block pre, .scalar-app .scalar-code-block pre * { white-space: pre-wrap; overflow-wrap: anywhere; }",
};

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll("'", "&#39;").replaceAll("<", "&lt;");

function page(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Paylink</title>
    <link rel="preload" as="script" href="${scalarUrl()}" />
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='${attribute(JSON.stringify(CONFIGURATION))}'></script>
    <script src="${scalarUrl()}"></script>
  </body>
</html>`;
}

let html: string | undefined;

export function GET() {
  html ??= page();
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
