// The error catalogue at /docs/errors: every code of lib/api/error-codes.ts with its status, what it
// means and what to do, one anchor per code (an error body's docUrl points at it). Plain HTML, no
// script: it reads on a phone and with a screen reader, and its anchors exist without JavaScript.
import { ERROR_CATALOGUE, ERROR_CODE_LIST, STATUS_CODES } from "@/lib/api/error-codes";

const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
/** `code` spans in the catalogue's own texts become <code>. */
const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const fallbacks = new Set<string>([...Object.values(STATUS_CODES), "validation_failed"]);

function entry(code: (typeof ERROR_CODE_LIST)[number]): string {
  const { statuses, meaning, action } = ERROR_CATALOGUE[code];
  return `<section id="${code}" aria-labelledby="${code}-title">
  <h3 id="${code}-title"><a href="#${code}"><code>${code}</code></a></h3>
  <dl>
    <dt>Status</dt><dd>${statuses.join(" or ")}</dd>
    <dt>Meaning</dt><dd>${inline(meaning)}</dd>
    <dt>What to do</dt><dd>${inline(action)}</dd>
  </dl>
</section>`;
}

export function errorCataloguePage(): string {
  const specific = ERROR_CODE_LIST.filter((code) => !fallbacks.has(code));
  const general = ERROR_CODE_LIST.filter((code) => fallbacks.has(code));
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Error codes · Paylink API</title>
    <style>
      body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 48rem; margin: 0 auto; padding: 1rem; }
      a { color: #0062a3; }
      code { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
      pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 0.75rem; }
      section { border-top: 1px solid #ddd; padding-top: 0.5rem; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
      dt { font-weight: 600; }
      dd { margin: 0; }
      section:target { background: #fff8d6; }
    </style>
  </head>
  <body>
    <main>
      <h1>Error codes</h1>
      <p><a href="/docs">API reference</a></p>
      <p>Every error answers JSON with a machine <code>code</code> (branch on it; <code>message</code> is for people and its wording may change),
      <code>param</code> when one field is at fault, the <code>requestId</code> (also the <code>x-request-id</code> header) and a
      <code>docUrl</code> to the code's entry below. Validation errors also list each field in <code>errors</code>.</p>
      <pre><code>${escape(JSON.stringify(EXAMPLE, null, 2))}</code></pre>
      <p>An idempotent replay (same <code>Idempotency-Key</code>, same request, within 24 hours) answers the first answer's body byte for byte,
      its <code>requestId</code> included, with <code>Idempotent-Replayed: true</code>; its <code>x-request-id</code> header is the replay's own.</p>
      <p>New codes may be added; a code is never renamed or given another meaning. Treat an unknown code by its HTTP status.</p>
      <h2>Causes</h2>
      ${specific.map(entry).join("\n      ")}
      <h2>By status</h2>
      <p>Errors without a cause of their own answer their status's code.</p>
      ${general.map(entry).join("\n      ")}
    </main>
  </body>
</html>`;
}

const EXAMPLE = {
  code: "amount_exceeds_refundable",
  param: "amount",
  docUrl: "https://paylink.example/docs/errors#amount_exceeds_refundable",
  errors: [{ field: "amount", message: "Refund amount must be at most 150000 kobo" }],
  message: "Validation failed",
  requestId: "req_3f0c9a3b6d0e4d7f8a1b2c3d4e5f6a7b",
};
