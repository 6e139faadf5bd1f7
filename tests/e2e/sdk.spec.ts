// The TypeScript SDK (sdk/) against the running app: the integrator's whole flow through its named
// operations, with the types generated from the app's own OpenAPI document.
import { expect, test } from "./fixtures";
import { fromMailbox, unique } from "./helpers";
import { webhookReceiver } from "./webhook-receiver";
import { createPaylinkClient, PaylinkError, webhooks } from "../../sdk/src/index";

const receiver = webhookReceiver();

test("an integrator signs up, creates a link, takes a payment, verifies it, reads its event and verifies its webhook, all with the SDK", async ({
  page,
  request,
  baseURL,
}) => {
  // Sign up through the API (the test secret key is in the answer) and prove the address.
  const email = `sdk.${unique()}@example.com`;
  const password = "correct-horse-battery";
  const signup = await request.post("/api/auth/signup", { data: { firstName: "Ada", lastName: "Obi", email, password, businessName: "Ada's Kitchen" } });
  expect(signup.status()).toBe(201);
  const { merchant } = (await signup.json()) as { merchant: { id: string; testSecretKey: string } };
  const [, token] = await fromMailbox(request, email, /verify-email\?token=([\w-]+)/);
  expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);

  // Payment links take a user token (the contract): log in with the SDK.
  const anonymous = createPaylinkClient({ baseUrl: baseURL! });
  const { token: userToken } = await anonymous.auth.login({ email, password });
  const dashboard = createPaylinkClient({ baseUrl: baseURL!, token: userToken, merchantId: merchant.id });
  const { link: paymentLink } = await dashboard.paymentLinks.create({ title: "Jollof tray", amount: 500_000, isReusable: true });
  expect(paymentLink).toMatchObject({ title: "Jollof tray", amount: 500_000, isActive: true });
  expect((await dashboard.paymentLinks.get(paymentLink.id)).link.id).toBe(paymentLink.id);
  expect((await dashboard.paymentLinks.list()).data.map((l) => l.id)).toContain(paymentLink.id);

  // The server's calls use the secret key, which names the merchant: no merchantId needed.
  const server = createPaylinkClient({ baseUrl: baseURL!, secretKey: merchant.testSecretKey, merchantId: merchant.id });
  const { webhook } = (
    await server.raw.POST("/api/merchants/{merchantId}/webhooks", {
      params: { path: { merchantId: merchant.id } },
      body: { url: `${receiver().url}/sdk`, events: ["transaction.completed"] },
    })
  ).data!;
  receiver().secrets.set("/sdk", webhook.secretKey);

  const started = await server.transactions.initiate(
    { amount: 500_000, email: "customer@example.com", firstName: "Chidi", paymentLinkId: paymentLink.id, channel: "card" },
    { idempotencyKey: `order-${unique()}` },
  );
  expect(started).toMatchObject({ status: "PENDING", amount: 500_000, currency: "NGN" });
  expect((await server.transactions.verify(started.reference)).data.status).toBe("PENDING");

  // The customer pays on the sandbox checkout.
  await page.goto(started.authorizationUrl);
  await page.getByRole("listitem").filter({ hasText: "Successful payment" }).getByRole("button", { name: "Use card" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${started.reference}`));

  // Verify before delivering: by reference or by id, the same payment.
  await expect.poll(async () => (await server.transactions.verify(started.reference)).data.status, { timeout: 15_000 }).toBe("COMPLETED");
  const verified = await server.transactions.verify(started.transactionId);
  expect(verified.data).toMatchObject({ reference: started.reference, amount: 500_000, status: "COMPLETED", paymentLinkId: paymentLink.id });

  // Its event, from the events API.
  const events = await server.events.list({ type: "transaction.completed" });
  const event = events.data.find((e) => (e.data as { reference?: string }).reference === started.reference);
  expect(event).toMatchObject({ type: "transaction.completed", merchantId: merchant.id, environment: "test" });
  expect(await server.events.get(event!.id)).toEqual(event);
  expect((await dashboard.events.list({ type: "transaction.*" })).data.map((e) => e.id)).toContain(event!.id);

  // And as a webhook: the SDK verifies the Standard Webhooks signature over the raw body.
  await expect.poll(() => receiver().received.filter((r) => r.path === "/sdk" && r.id === event!.id).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const delivery = receiver().received.find((r) => r.path === "/sdk" && r.id === event!.id)!;
  const fromWebhook = webhooks.verify(delivery.body, delivery.headers as Record<string, string>, webhook.secretKey);
  expect(fromWebhook).toEqual(event);
  expect(() => webhooks.verify(delivery.body.replace("500000", "500001"), delivery.headers as Record<string, string>, webhook.secretKey)).toThrow();
  expect(() => webhooks.verify(delivery.body, delivery.headers as Record<string, string>, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).toThrow();
  expect(() =>
    webhooks.verify(delivery.body, new Headers({ ...(delivery.headers as Record<string, string>), "webhook-timestamp": "1000000000" }), webhook.secretKey),
  ).toThrow();

  // Errors carry the API's answer.
  const refused = await server.transactions.verify("not-a-reference").catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(PaylinkError);
  expect(refused).toMatchObject({ status: 400, requestId: expect.stringMatching(/^req_/) });
  const missing = await server.events.get("00000000-0000-4000-8000-000000000000").catch((error: unknown) => error);
  expect(missing).toMatchObject({ status: 404, message: "Event not found", code: "resource_missing", param: "id" });

  // A refund through the SDK.
  const refunded = await server.transactions.refund(started.transactionId, { amount: 100_000, reason: "One tray short" });
  expect(refunded.refund).toMatchObject({ amount: 100_000 });
});
