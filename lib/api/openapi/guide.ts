// The integration guide, shown at the top of /docs (OpenAPI `info.description` is Markdown).
export const INTEGRATION_GUIDE = `
Collect payments in naira. Amounts are **integers in kobo** (₦1 = 100 kobo). Errors are
\`{ "code", "param", "message", "errors": [{ "field", "message" }], "requestId", "docUrl" }\`: branch on
\`code\` (every code, with what to do, is in the [error catalogue](/docs/errors)).

## Authentication
Server-to-server calls send a merchant secret key: \`Authorization: Bearer sk_test_…\` (test mode) or
\`sk_live_…\`. Dashboard-style calls (payment links, invoices, team) send a user JWT from
\`POST /api/auth/login\`. Keys live in the dashboard under **Developers**, with your merchant id and a
ready-to-run curl call; a new business's test secret key is shown there once, on the first visit (after
that, roll it to get a new one). Never put a secret key in a browser or an app.

## 1. Initiate a payment
\`\`\`bash
curl -X POST $BASE_URL/api/transactions/initiate \\
  -H "Authorization: Bearer $SECRET_KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1042" \\
  -d '{"amount":250000,"email":"ada@example.com","callbackUrl":"https://shop.example/paid"}'
\`\`\`
\`\`\`js
const res = await fetch(\`\${BASE_URL}/api/transactions/initiate\`, {
  method: "POST",
  headers: { Authorization: \`Bearer \${process.env.SECRET_KEY}\`, "Content-Type": "application/json", "Idempotency-Key": orderId },
  body: JSON.stringify({ amount: 250000, email: "ada@example.com", callbackUrl: "https://shop.example/paid" }),
});
const { reference, authorizationUrl } = await res.json(); // 201
\`\`\`
The secret key names your business, so \`merchantId\` may be left out (sent, it must be the key's).
Keep \`reference\`. The same \`Idempotency-Key\` with the same body replays the first answer, so a
retried request never starts a second payment.

## 2. Redirect the customer
Send the customer to \`authorizationUrl\`. They pay by card, bank transfer or USSD, and come back to
your \`callbackUrl\` (with \`?reference=…\`), or to our receipt page if you gave none.

## 3. Verify before you deliver
The redirect alone proves nothing. Ask us:
\`\`\`bash
curl $BASE_URL/api/transactions/$REFERENCE/verify -H "Authorization: Bearer $SECRET_KEY"
\`\`\`
\`\`\`js
const { data } = await (await fetch(\`\${BASE_URL}/api/transactions/\${reference}/verify\`, { headers: { Authorization: \`Bearer \${process.env.SECRET_KEY}\` } })).json();
if (data.status === "COMPLETED" && data.amount === expectedKobo) fulfil(order);
\`\`\`

## 4. Receive webhooks
Add an endpoint under **Webhooks** (HTTPS only) and pick events such as \`transaction.completed\`.
Every delivery is signed per the [Standard Webhooks](https://www.standardwebhooks.com) specification
(headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). Verify it with your endpoint's
\`whsec_…\` secret over the **raw** body, answer 2xx quickly, and de-duplicate on \`webhook-id\`:
\`\`\`js
import { Webhook } from "standardwebhooks";
const wh = new Webhook(process.env.WEBHOOK_SECRET); // "whsec_…"

app.post("/webhooks/paylink", express.raw({ type: "application/json" }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body.toString("utf8"), req.headers); // throws on a bad signature or an old timestamp
  } catch {
    return res.status(400).end();
  }
  if (event.type === "transaction.completed") markPaid(event.data.reference);
  res.status(204).end();
});
\`\`\`
Failed deliveries are retried with backoff for about a day; every attempt is listed in the dashboard,
where you can resend it.

## 5. Catch up with the events API
Every event is also kept for 30 days, in the same envelope as its webhook: list what you missed,
newest first, by type (\`transaction.completed\`, or a group such as \`transaction.*\`) and time:
\`\`\`bash
curl "$BASE_URL/api/events?type=transaction.*&from=2026-11-23T00:00:00Z&limit=100" -H "Authorization: Bearer $SECRET_KEY"
\`\`\`
Pass \`nextCursor\` back as \`cursor\` for the next page; \`GET /api/events/{eventId}\` answers one.

## Strict input
A body field or query parameter an operation does not take answers 400 naming it
(\`{ "field": "currncy", "message": "Unknown field currncy" }\`), so a typo is never silently ignored;
\`currency\` is \`NGN\` or left out. A method a path does not take answers 405 with an \`Allow\`
header, \`code: "method_not_allowed"\` and the \`requestId\`.

## TypeScript SDK
\`sdk/\` in the repository is \`@paylink/sdk\`, a compiled ESM package typed from this document (openapi-fetch):
helpers for every resource, a timeout, retries that honour \`Retry-After\` (POSTs get an automatic
\`Idempotency-Key\`), \`for await\` over list pages, and \`webhooks.verify(payload, headers, secret)\`; its
README walks through the same steps.

## Webhooks on localhost
No tunnel needed: \`npx paylink listen --forward-to http://localhost:4000/webhooks\` (a test key in
\`PAYLINK_SECRET_KEY\`) reads the events API, signs each new event with the \`whsec_…\` secret it prints,
exactly as deliveries are signed, and posts it to your local URL. \`npx paylink trigger transaction.completed\`
makes a sample test event (\`POST /api/events/trigger\`).

## Test mode
With test keys the built-in **sandbox** processor takes the payment: card \`4084 0840 8408 4081\`
succeeds, \`4000 0000 0000 0002\` is declined, \`4000 0000 0000 9995\` has insufficient funds. No real
money moves. A card that pays is saved for subscriptions: \`4084 0840 8408 4081\` always renews,
\`4000 0000 0000 0341\` pays now but its renewals are declined, \`4000 0000 0000 0069\` expires at the end
of next month and its later renewals are declined for good.
`;
