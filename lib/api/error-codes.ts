// The closed list of machine `code`s an error body can carry: integrators branch on these, so a code
// is never renamed or reused for another cause. Each cause they act on has its own code; everything
// else answers its status's fallback code. /docs/errors is built from this list (one anchor per code).

/** The statuses an ApiError can have, each with the code it answers when no cause names its own. */
export const STATUS_CODES = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  422: "unprocessable",
  429: "rate_limited",
  500: "internal_error",
  502: "processor_error",
  503: "unavailable",
} as const;
export type ErrorStatus = keyof typeof STATUS_CODES;

type Entry = { statuses: readonly ErrorStatus[]; meaning: string; action: string };

const entry = (statuses: ErrorStatus | readonly ErrorStatus[], meaning: string, action: string): Entry => ({
  statuses: typeof statuses === "number" ? [statuses] : statuses,
  meaning,
  action,
});

export const ERROR_CATALOGUE = {
  // Fallbacks, one per status.
  bad_request: entry(400, "The request cannot be done as sent, or not in the resource's current state.", "Read `message`; change the request."),
  validation_failed: entry(
    400,
    "One or more fields are missing or invalid; `errors` lists each field and its problem.",
    "Fix the fields named in `errors` (and `param`).",
  ),
  unauthorized: entry(401, "Credentials are missing or invalid.", "Send `Authorization: Bearer` with a valid secret key or user token."),
  forbidden: entry(403, "Authenticated, but this role or key may not do this.", "Use a key or member with the permission."),
  not_found: entry(404, "Nothing answers at this path.", "Check the URL and method."),
  method_not_allowed: entry(405, "The path exists, but not with this method; the `Allow` header lists those it takes.", "Use one of the methods in `Allow`."),
  conflict: entry(409, "The request conflicts with the resource's current state.", "Read `message`; reload the resource and decide again."),
  payload_too_large: entry(413, "The body is larger than the endpoint accepts.", "Send a smaller body."),
  unprocessable: entry(422, "Understood and well-formed, but it cannot be done.", "Read `message`; the same request will fail again."),
  rate_limited: entry(429, "Too many requests.", "Wait the `Retry-After` seconds, then retry."),
  internal_error: entry(500, "Something failed on our side.", "Retry; if it persists, quote `requestId` to support."),
  processor_error: entry(
    502,
    "The payment processor failed or refused; `message` carries its reason.",
    "Retry later, or ask the customer to use another method.",
  ),
  unavailable: entry(503, "The service is briefly unavailable (e.g. the database restarts).", "Retry after `Retry-After` seconds."),

  // Requests in general.
  invalid_api_version: entry(
    400,
    "The `Paylink-Version` header names no version; `knownVersions` lists those that exist.",
    "Send one of `knownVersions`, or leave the header out to use your pinned version.",
  ),
  resource_missing: entry(
    404,
    "No such object for this merchant and mode; `param` names the id that was looked up.",
    "Check the id, and that the key's mode (test or live) is the object's.",
  ),
  invalid_cursor: entry(
    400,
    "The `cursor` is not one a list answered (`nextCursor`).",
    "Pass `nextCursor` from the previous page unchanged, or leave `cursor` out.",
  ),
  idempotency_key_invalid: entry(400, "The Idempotency-Key header is not 1 to 255 printable characters.", "Send a key such as a UUID."),
  idempotency_key_reused: entry(
    422,
    "This Idempotency-Key was already used (within 24 hours) with a different request.",
    "Use a new key for a new request; reuse a key only to retry the very same request.",
  ),
  idempotency_key_in_progress: entry(
    409,
    "The first request with this Idempotency-Key has not finished.",
    "Retry shortly with the same key: you then get its answer.",
  ),
  cross_site_request: entry(403, "A dashboard-session request came from another site.", "Call the API with a token or key, not the browser session."),

  // Keys and sign-in.
  invalid_api_key: entry(401, "The secret key or token is unknown, revoked or expired.", "Use a current key from the dashboard (Developers), or log in again."),
  key_permission_missing: entry(
    403,
    "This secret key may not do this: a restricted key lacks the permission `message` names, or the endpoint is for people only.",
    "Use a restricted key that holds the permission (Dashboard → Developers), or a user token.",
  ),
  user_token_required: entry(401, "This endpoint is for people: it needs a user token, not a secret key.", "Log in (POST /api/auth/login) and send its token."),
  secret_key_required: entry(
    401,
    "This endpoint takes a merchant secret key or no credentials at all.",
    "Send sk_test_… or sk_live_…, or no Authorization header.",
  ),
  invalid_credentials: entry(401, "The e-mail and password do not match an account.", "Check them, or reset the password."),
  email_not_verified: entry(401, "The account's e-mail address is not verified yet.", "Follow the link in the verification e-mail (or ask for a new one)."),
  two_factor_required: entry(
    401,
    "The account has two-factor sign-in; the log-in needs its code (`twoFactorRequired: true`).",
    "Send `code` from the authenticator app or a recovery code.",
  ),
  two_factor_setup_required: entry(
    403,
    "This business requires two-factor sign-in and this member has not turned it on.",
    "Turn on two-factor sign-in (POST /api/account/two-factor/setup).",
  ),

  // Payments and refunds.
  merchant_cannot_accept_payments: entry(403, "The business is suspended or closed.", "Contact support."),
  live_payments_unavailable: entry(409, "The business cannot take live payments yet (`missing` lists why).", "Finish going live, or use a test key."),
  activation_incomplete: entry(409, "Going live needs steps still to do; `missing` lists them.", "Complete each step in `missing`, then try again."),
  amount_invalid: entry(
    400,
    "The amount breaks a rule of what is paid (a whole number of kobo, the invoice's amount due or instalment rules); `param` is `amount`.",
    "Send an amount that `message` allows.",
  ),
  amount_fixed: entry(
    400,
    "The payment link or plan has a fixed price and the amount sent differs; `param` is `amount`.",
    "Send the link's or plan's amount, or leave `amount` out where allowed.",
  ),
  transaction_not_completed: entry(
    400,
    "Only a completed transaction can be refunded; this one is pending, failed or abandoned.",
    "Wait for `transaction.completed` before refunding.",
  ),
  transaction_fully_refunded: entry(400, "Every kobo of this transaction has been refunded already.", "Nothing to do: there is nothing left to refund."),
  refund_pending: entry(
    400,
    "The rest of this transaction is held by refunds the processor has not finished.",
    "Wait for `refund.processed` or `refund.failed`, then refund what is left.",
  ),
  amount_exceeds_refundable: entry(
    400,
    "The refund amount is more than what is left to refund; `param` is `amount`.",
    "Refund at most the amount `message` names.",
  ),
  refund_conflict: entry(409, "Another refund of this transaction changed it at the same moment.", "Reload the transaction and try again."),
  bank_account_unresolved: entry(422, "The processor could not resolve this bank account.", "Check the bank code and the 10-digit account number."),
  processor_declined: entry(422, "The processor refused the request for a reason a retry will not change.", "Read `message`; change the request."),
  invalid_signature: entry(401, "A processor webhook's signature does not verify.", "Only the processor can send these; check its webhook secret."),

  // Payment links.
  link_inactive: entry(404, "The payment link is turned off or has expired.", "Turn it on again (or extend it) in the dashboard, or use another link."),
  link_cap_reached: entry(
    404,
    "The payment link has taken all the payments it allows (single-use, or `maxPayments`).",
    "Create a new link, or raise `maxPayments`.",
  ),
  link_being_paid: entry(409, "The link's last payment slots are held by other customers' open checkouts.", "Try again in a few minutes."),
  link_has_payments: entry(409, "A link with payments cannot be deleted.", "Deactivate it instead."),
  slug_taken: entry(409, "Another payment link already has this custom slug.", "Choose another `customSlug`."),

  // Invoices.
  invoice_already_paid: entry([400, 409], "The invoice has been paid in full.", "Nothing to collect; refund the payment if needed."),
  invoice_voided: entry([400, 409], "The invoice has been voided.", "Create a new invoice."),
  invoice_not_sent: entry(400, "A draft invoice cannot be paid.", "Send it first (POST …/invoices/{invoiceId}/send)."),
  invoice_not_editable: entry(409, "Only draft invoices can be edited.", "Void it and create a new one."),
  invoice_has_payments: entry(409, "An invoice with payments cannot be voided.", "Refund its payments first."),
  invoice_being_paid: entry(409, "Another customer's checkout holds this invoice.", "Try again in a few minutes."),

  // Webhook endpoints.
  webhook_endpoint_disabled: entry(409, "The webhook endpoint is disabled.", "Enable it before sending events to it."),
  webhook_endpoint_limit: entry(400, "The merchant has the most webhook endpoints a mode allows.", "Delete one first."),
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODE_LIST = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** Where a code is explained: its entry on the error catalogue page. */
export const ERRORS_PAGE_PATH = "/docs/errors";
export const docPathOf = (code: ErrorCode) => `${ERRORS_PAGE_PATH}#${code}`;
