// The one error the SDK throws for an answer that is not 2xx, and for a request that got no answer.

/** A field the API refused, as `errors[]` of a 400 names it. */
export type FieldError = { field: string; message: string };

const text = (body: unknown, key: string): string | null =>
  typeof body === "object" && body !== null && key in body && typeof (body as Record<string, unknown>)[key] === "string"
    ? ((body as Record<string, unknown>)[key] as string)
    : null;

/**
 * A non-2xx answer: the API's `{ message, code, param?, requestId, docUrl, errors? }`, with its status.
 * `status` is 0 (and `code` is `timeout` or `network_error`) when no answer came at all.
 */
export class PaylinkError extends Error {
  readonly status: number;
  /** A machine-readable cause, e.g. `amount_exceeds_refundable`, `invalid_cursor`; branch on this. */
  readonly code: string | null;
  /** The one request field at fault, when there is one. */
  readonly param: string | null;
  /** Quote it to support; also the answer's x-request-id header. */
  readonly requestId: string | null;
  /** The code's entry in the error catalogue at /docs. */
  readonly docUrl: string | null;
  readonly errors: FieldError[];
  /** The answer's JSON body, as sent. */
  readonly body: unknown;

  constructor(status: number, body: unknown, requestId: string | null = null) {
    super(text(body, "message") ?? `HTTP ${status}`);
    this.name = "PaylinkError";
    this.status = status;
    this.body = body;
    this.code = text(body, "code");
    this.param = text(body, "param");
    this.requestId = text(body, "requestId") ?? requestId;
    this.docUrl = text(body, "docUrl");
    const errors = typeof body === "object" && body !== null && "errors" in body ? body.errors : undefined;
    this.errors = Array.isArray(errors) ? (errors as FieldError[]) : [];
  }
}
