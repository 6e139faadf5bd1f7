// Paylink's TypeScript SDK: named operations over a typed openapi-fetch client, with request and
// response types generated from the API's own OpenAPI document (./schema.d.ts, `npm run sdk:generate`),
// and Standard Webhooks verification for the events Paylink sends.
export { createPaylinkClient, type PaylinkClient, type PaylinkClientOptions } from "./client.js";
export { PaylinkError, type FieldError } from "./errors.js";
export { PageList, type Page } from "./pages.js";
export { DEFAULT_TIMEOUT_MS, TimeoutError, type RetryOptions } from "./transport.js";
export type * from "./types.js";
export { webhooks, type HeadersLike, type Payload, type SignedHeaders } from "./webhooks.js";
