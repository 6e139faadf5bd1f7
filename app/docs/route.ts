import { scalarUrl } from "@/lib/api/openapi/scalar";

// The API reference: Scalar renders /api/openapi.json, the integration guide (info.description)
// first, then the operations grouped by resource (the document's tags, in its order). System fonts
// instead of Scalar's web fonts, so the page loads nothing from another origin. Scalar's AI agent,
// MCP and developer tools (share, deploy) are off: this page documents our API, nothing more. Scalar's
// accessibility faults are repaired by our colours below and /docs-a11y.js (public/).
const CONFIGURATION = {
  withDefaultFonts: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: "json",
  operationTitleSource: "summary",
  // Light mode only: the colours below are the ones checked for contrast (axe, WCAG AA).
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  customCss: [
    // Code blocks (the guide's and the request examples) wrap instead of scrolling sideways.
    ".scalar-app .markdown pre code, .scalar-app .markdown pre code *, .scalar-app .scalar-code-block pre, .scalar-app .scalar-code-block pre * { white-space: pre-wrap; overflow-wrap: anywhere; }",
    ".scalar-app .endpoints .endpoint { white-space: normal; overflow-wrap: anywhere; }",
    // Scalar's default greys and method colours fall short of 4.5:1 on its backgrounds; these reach it.
    ".light-mode { --scalar-color-2: #595959; --scalar-color-3: #666666; --scalar-color-accent: #0062a3; --scalar-color-blue: #0062a3; --scalar-color-green: #00703c; --scalar-color-orange: #b33d00; --scalar-color-red: #c00000; --scalar-color-yellow: #7a5c00; --scalar-color-purple: #5203d1; }",
  ].join("\n"),
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
    <script src="/docs-a11y.js"></script>
  </body>
</html>`;
}

let html: string | undefined;

export function GET() {
  html ??= page();
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
