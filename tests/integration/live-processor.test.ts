// Issue 24: live mode only where live payments work. With the default set-up (the sandbox, no live
// processor key) the go-live checklist shows the platform's own step undone, the switch to live is
// refused, and a live payment (hosted page or API) is refused in plain words: no customer or caller
// ever sees a setting name; the operator gets one error in the log naming it.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { reloadConfig } from "@/lib/config";
import { resetProcessors } from "@/lib/processors";
import { createApiKey } from "@/lib/auth/api-keys";
import { createLink } from "@/lib/links/service";
import * as activationRoute from "@/app/api/merchants/[merchantId]/activation/route";
import * as environmentRoute from "@/app/api/merchants/[merchantId]/environment/route";
import * as linkCheckoutRoute from "@/app/pay/[slug]/checkout/route";
import PayPage, { getServerSideProps as payPageProps } from "@/pages/pay/[slug]";
import InvoicePage, { getServerSideProps as invoicePageProps } from "@/pages/invoice/[invoiceId]";
import { createInvoice } from "@/lib/invoices/service";
import { createInvoiceSchema } from "@/lib/invoices/schemas";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { call } from "../helpers/api";
import { createMerchantOwner, readyForLive, viewOf } from "../helpers/factories";
import { flashOf, postForm } from "../helpers/forms";
import { initiate, paymentBody } from "../helpers/payments";
import { clearLiveProcessor, configureLiveProcessor } from "../helpers/live-processor";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const SETTING_NAMES = /PAYMENT_PROCESSOR|SECRET_KEY|PAYSTACK|FLUTTERWAVE|sandbox/i;
const at = (owner: Owner, sub = "") => ({ path: `/api/merchants/${owner.merchant.id}${sub}`, params: { merchantId: owner.merchant.id } });
const goLive = (owner: Owner) => call(environmentRoute.PUT, { ...at(owner, "/environment"), method: "PUT", token: owner.token, body: { environment: "live" } });

/** A business whose own steps are all done (and stamped unlocked, as if a live processor was configured then). */
async function readyOwner() {
  const owner = await createMerchantOwner();
  await readyForLive(owner.merchant.id);
  return owner;
}

/** A hosted page as a customer gets it: getServerSideProps, then the page's HTML. */
async function renderHostedPage<P extends object>(load: unknown, Page: ComponentType<P>, params: Record<string, string>) {
  const res = { statusCode: 200, setHeader: () => undefined };
  const loader = load as (ctx: unknown) => Promise<{ props: P }>;
  const { props } = await loader({ params, req: { cookies: {}, headers: {} }, res, query: {}, resolvedUrl: "/" });
  return { statusCode: res.statusCode, html: renderToStaticMarkup(createElement(Page, props)) };
}

afterEach(() => {
  clearLiveProcessor();
  vi.restoreAllMocks();
});

describe("the go-live checklist's platform step", () => {
  it("is listed, undone and the platform's, with the default sandbox set-up, in plain words", async () => {
    const owner = await readyOwner();
    const res = await call(activationRoute.GET, { ...at(owner, "/activation"), token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.ready).toBe(false);
    expect(res.body.missing).toEqual(["live_processor"]);
    const step = res.body.steps.find((s: { key: string }) => s.key === "live_processor");
    expect(step).toMatchObject({ done: false, by: "platform" });
    expect(step.label).not.toMatch(SETTING_NAMES);
    expect(res.body.steps.filter((s: { by: string }) => s.by === "merchant").every((s: { done: boolean }) => s.done)).toBe(true);
  });

  it("is done once the platform has a live processor key", async () => {
    configureLiveProcessor();
    const owner = await readyOwner();
    const res = await call(activationRoute.GET, { ...at(owner, "/activation"), token: owner.token });
    expect(res.body).toMatchObject({ ready: true, missing: [] });
  });
});

describe("switching to live", () => {
  it("is refused (409, missing live_processor) while the platform has no live processor, in plain words", async () => {
    const owner = await readyOwner();
    const refused = await goLive(owner);
    expect(refused.status).toBe(409);
    expect(refused.body.missing).toEqual(["live_processor"]);
    expect(refused.body.message).toMatch(/Paylink is not set up to take live payments yet/);
    expect(refused.body.message).not.toMatch(SETTING_NAMES);
    expect(await viewOf(owner.merchant.id, owner.user.id)).toBe("test");
  });

  it("lists the platform's step beside the merchant's own when both are missing", async () => {
    const owner = await createMerchantOwner();
    const refused = await goLive(owner);
    expect(refused.status).toBe(409);
    expect(refused.body.missing).toEqual(["business_profile", "settlement_account", "owner_two_factor", "live_processor"]);
    expect(refused.body.message).toMatch(/^Finish these steps before going live: .*Paylink is not set up to take live payments yet/);
  });

  it("works once a live processor is configured", async () => {
    configureLiveProcessor();
    const owner = await readyOwner();
    expect((await goLive(owner)).status).toBe(200);
  });
});

describe("a live payment with no live processor (a business unlocked before the key was removed)", () => {
  let owner: Owner;
  let slug: string;
  beforeAll(async () => {
    owner = await readyOwner();
    slug = `live${Date.now().toString(36)}`;
    await createLink({ merchantId: owner.merchant.id, environment: "live" }, { title: "Jollof tray", amount: 1_500_000, customSlug: slug });
  });

  it("on the hosted page: the customer is told politely, with the business's support e-mail, and the operator gets one error naming the setting", async () => {
    const errorLog = vi.spyOn(log, "error");
    const res = await postForm(linkCheckoutRoute.POST, `/pay/${slug}/checkout`, { slug }, { email: "chidi@example.com", name: "Chidi Okafor" });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/pay/${slug}`);
    const flash = flashOf(res.setCookie);
    expect(flash?.errors).toEqual([
      { field: "form", message: "This business can't take payments right now. Please try again later or contact help@example.com." },
    ]);
    expect(JSON.stringify(flash)).not.toMatch(/PAYMENT_PROCESSOR|SECRET_KEY/);
    expect(errorLog).toHaveBeenCalledTimes(1);
    const [fields, message] = errorLog.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(fields).toMatchObject({ merchantId: owner.merchant.id, setting: expect.stringContaining("PAYMENT_PROCESSOR") });
    expect(message).toMatch(/no live processor/);
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("the pay page says so before the customer types anything, with no form, and the operator is told in the log", async () => {
    const errorLog = vi.spyOn(log, "error");
    const { html } = await renderHostedPage(payPageProps, PayPage, { slug });
    expect(html).toContain("This business can&#x27;t take payments right now. Please try again later or contact help@example.com.");
    expect(html).not.toContain("<form");
    expect(html).not.toMatch(/PAYMENT_PROCESSOR|SECRET_KEY/);
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(errorLog.mock.calls[0]![0]).toMatchObject({ merchantId: owner.merchant.id, setting: expect.stringContaining("PAYMENT_PROCESSOR") });
  });

  it("so does a live invoice's page; test-mode pages keep their form", async () => {
    const scope = (environment: "test" | "live") => ({ merchantId: owner.merchant.id, environment });
    const input = createInvoiceSchema.parse({
      customerEmail: "chioma@example.com",
      customerName: "Chioma Eze",
      lineItems: [{ description: "Catering", amount: 900_000, quantity: 1 }],
      status: "SENT",
    });
    const live = await createInvoice(scope("live"), input);
    const errorLog = vi.spyOn(log, "error");
    const livePage = await renderHostedPage(invoicePageProps, InvoicePage, { invoiceId: live.id });
    expect(livePage.html).toContain("This business can&#x27;t take payments right now.");
    expect(livePage.html).not.toContain("<form");
    expect(livePage.html).not.toMatch(/PAYMENT_PROCESSOR|SECRET_KEY/);
    expect(errorLog).toHaveBeenCalledTimes(1);

    const test = await createInvoice(scope("test"), input);
    const testPage = await renderHostedPage(invoicePageProps, InvoicePage, { invoiceId: test.id });
    expect(testPage.html).toContain("<form");
    expect(testPage.html).not.toContain("can&#x27;t take payments");
    expect(errorLog).toHaveBeenCalledTimes(1);
  });

  it("with a live secret key: 409 missing live_processor, without setting names", async () => {
    const liveKey = (await createApiKey(db, owner.merchant.id, "live")).secretKey;
    const res = await initiate(paymentBody(owner.merchant.id), { key: liveKey });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Live payments are not available on this platform yet", missing: ["live_processor"] });
    expect(res.text).not.toMatch(/PAYMENT_PROCESSOR|SECRET_KEY/);
  });

  it("names the live key setting in the log when the processor has only a test key", async () => {
    Object.assign(process.env, { PAYMENT_PROCESSOR: "paystack", PAYSTACK_TEST_SECRET_KEY: "sk_test_configured_for_tests" });
    reloadConfig();
    resetProcessors();
    try {
      const errorLog = vi.spyOn(log, "error");
      const res = await postForm(linkCheckoutRoute.POST, `/pay/${slug}/checkout`, { slug }, { email: "chidi@example.com" });
      expect(JSON.stringify(flashOf(res.setCookie))).toContain("This business can't take payments right now.");
      expect(errorLog).toHaveBeenCalledTimes(1);
      expect(errorLog.mock.calls[0]![0]).toMatchObject({ setting: "PAYSTACK_LIVE_SECRET_KEY" });
      expect(JSON.stringify(errorLog.mock.calls[0])).not.toContain("sk_test_configured_for_tests");
    } finally {
      delete process.env.PAYSTACK_TEST_SECRET_KEY;
    }
  });
});
