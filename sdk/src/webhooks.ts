// Standard Webhooks (https://www.standardwebhooks.com): how Paylink signs each delivery, and how a
// receiver checks it. Payloads are strings or bytes, so no Node types are needed to call these.
import { Webhook } from "standardwebhooks";
import type { PaylinkEvent } from "./types.js";

/** Headers as Node (IncomingHttpHeaders), fetch (Headers) or a plain object carry them. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

/** The raw body: a string, or its bytes exactly as received. */
export type Payload = string | Uint8Array | ArrayBuffer;

function plainHeaders(headers: HeadersLike): Record<string, string> {
  const out: Record<string, string> = {};
  // Duck-typed: a Headers from another fetch implementation is not an instance of the global one.
  if (typeof headers.forEach === "function" && typeof headers.get === "function") {
    (headers as Headers).forEach((value, name) => (out[name.toLowerCase()] = value));
    return out;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** The signed text: bytes are UTF-8 JSON, so decoding them gives back exactly what was signed. */
function bodyText(payload: Payload): string {
  if (typeof payload === "string") return payload;
  return new TextDecoder("utf-8", { fatal: true }).decode(payload instanceof ArrayBuffer ? new Uint8Array(payload) : payload);
}

/** The three headers of one delivery. */
export type SignedHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

export const webhooks = {
  /**
   * Checks a delivery's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
   * `webhook-signature`) with the endpoint's `whsec_…` secret, over the raw body exactly as received,
   * and returns the event. Throws when the signature is wrong or the timestamp is more than five
   * minutes away. De-duplicate on `event.id` (the `webhook-id` header): a retry carries the same one.
   */
  verify(payload: Payload, headers: HeadersLike, secret: string): PaylinkEvent {
    return new Webhook(secret).verify(bodyText(payload), plainHeaders(headers)) as PaylinkEvent;
  },

  /** The headers Paylink sends with `body` (what `paylink listen` forwards with): for tests of your receiver. */
  sign(body: string, secret: string, id: string, at: Date = new Date()): SignedHeaders {
    return {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, body),
    };
  },

  /** A new `whsec_…` secret (24 random bytes), as the dashboard makes for an endpoint. */
  generateSecret(): string {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    return `whsec_${btoa(String.fromCharCode(...bytes))}`;
  },
};
