// Security headers, shared by next.config.mjs (static headers: API, hosted pages, docs) and proxy.ts
// (App Router pages, whose inline RSC scripts need a per-request nonce). Plain JS: next.config loads it.

/** Sent on every response. HSTS is always sent: browsers ignore it on plain http (local runs). */
export const BASE_HEADERS = [
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), usb=()" },
];

const policy = (directives) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`.trim())
    .join("; ");

const COMMON = {
  "default-src": "'self'",
  "base-uri": "'none'",
  "object-src": "'none'",
  "frame-ancestors": "'none'",
  "connect-src": "'self'",
  "font-src": "'self' data:",
  // Merchant logos are https URLs on the merchant's own host.
  "img-src": "'self' data: blob: https:",
  // Style attributes (brand colours, Radix positioning) are inline; scripts never are.
  "style-src": "'self' 'unsafe-inline'",
};

/** JSON API: nothing to load, nothing to frame. */
export const API_CSP = policy({ "default-src": "'none'", "frame-ancestors": "'none'", "base-uri": "'none'" });

/**
 * Hosted pages (/pay, /invoice, /receipt): server-rendered without Next's runtime; the only script is
 * /pay.js from our origin. Forms post to us, and we redirect to the processor's https page.
 */
export const HOSTED_CSP = policy({ ...COMMON, "script-src": "'self'", "form-action": "'self' https:" });

/** Log-in (pages/login.tsx): server-rendered without Next's runtime; its only script is /login.js. */
export const LOGIN_CSP = policy({ ...COMMON, "script-src": "'self'", "form-action": "'self'" });

/**
 * /docs: Scalar's bundle from our origin (with its web fonts off); it compiles validators with eval.
 * The page shows only our own OpenAPI document, never stored data.
 */
export const DOCS_CSP = policy({ ...COMMON, "script-src": "'self' 'unsafe-eval'", "form-action": "'none'" });

/** App Router pages (dashboard, sign-up, sandbox checkout): Next's inline scripts carry the nonce. */
export function appCsp(nonce, dev = false) {
  return policy({
    ...COMMON,
    // 'strict-dynamic': scripts the nonce'd ones load are trusted; 'self' is kept for older browsers.
    // React needs eval in development only (error overlays, stack reconstruction).
    "script-src": `'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "form-action": "'self'",
  });
}
