// Issue 23, finding 6: path ids and form posts outside the JSON API (the receipt page and its PDF,
// the hosted pay forms, the sandbox checkout) with NUL or a lone surrogate answered 500 (PostgreSQL
// 22021). Each now answers 4xx before any query, through the real handlers.
import { beforeAll, describe, expect, it } from "vitest";
import * as receiptPdfRoute from "@/app/receipt/[reference]/pdf/route";
import * as linkCheckoutRoute from "@/app/pay/[slug]/checkout/route";
import * as invoicePayRoute from "@/app/invoice/[invoiceId]/pay/route";
import * as sandboxPayRoute from "@/app/checkout/sandbox/[accessCode]/pay/route";
import SandboxCheckoutPage from "@/app/checkout/sandbox/[accessCode]/page";
import { getServerSideProps as receiptPageProps } from "@/pages/receipt/[reference]";
import { getServerSideProps as payPageProps } from "@/pages/pay/[slug]";
import { getServerSideProps as invoicePageProps } from "@/pages/invoice/[invoiceId]";
import { createLink } from "@/lib/links/service";
import { FLASH_COOKIE } from "@/lib/payments/hosted-checkout";
import { call } from "../helpers/api";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";

const HOSTILE_IDS = ["x\u0000", "TXN-1\u0000", "x\ud800", "\udc00"];

let reference: string;
let slug: string;

beforeAll(async () => {
  const owner = await createMerchantOwner();
  const started = await initiate(paymentBody(owner.merchant.id), { key: owner.secretKey });
  reference = started.body.reference as string;
  const link = await createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Ankara fabric", amount: 250_000 });
  slug = link.slug;
});

/** A Pages Router page's getServerSideProps, with the status it set. */
async function pageProps(
  load: typeof receiptPageProps,
  params: Record<string, string>,
  cookies: Record<string, string> = {},
  query: Record<string, string> = {},
) {
  const res = { statusCode: 200, setHeader: () => undefined };
  const result = await load({ params, req: { cookies, headers: {} }, res, query, resolvedUrl: "/" } as unknown as Parameters<typeof load>[0]);
  return { statusCode: res.statusCode, result };
}

describe("path ids with NUL or lone surrogates", () => {
  it.each(HOSTILE_IDS)("the receipt PDF answers 404 for %j", async (id) => {
    const res = await call(receiptPdfRoute.GET, { path: `/receipt/${encodeURIComponent(id.toWellFormed())}/pdf`, params: { reference: id } });
    expect(res.status, res.text).toBe(404);
  });

  it.each(HOSTILE_IDS)("the receipt page answers 404 for %j", async (id) => {
    expect((await pageProps(receiptPageProps, { reference: id })).statusCode).toBe(404);
  });

  it.each(HOSTILE_IDS)("the pay and invoice pages answer 404 for %j", async (id) => {
    expect((await pageProps(payPageProps as typeof receiptPageProps, { slug: id })).statusCode).toBe(404);
    expect((await pageProps(invoicePageProps as typeof receiptPageProps, { invoiceId: id })).statusCode).toBe(404);
  });

  it.each(HOSTILE_IDS)("the sandbox checkout page and its form answer 404 for %j", async (id) => {
    await expect(SandboxCheckoutPage({ params: Promise.resolve({ accessCode: id }), searchParams: Promise.resolve({}) })).rejects.toThrow(
      /NEXT_HTTP_ERROR_FALLBACK;404/,
    );
    const res = await call(sandboxPayRoute.POST as unknown as Parameters<typeof call>[0], {
      method: "POST",
      path: `/checkout/sandbox/${encodeURIComponent(id.toWellFormed())}/pay`,
      params: { accessCode: id },
      body: "method=card&cardNumber=4084084084084081",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, res.text).toBe(404);
  });

  it("a real reference still has its receipt page", async () => {
    expect((await pageProps(receiptPageProps, { reference })).statusCode).toBe(200);
  });
});

describe("hosted form posts with NUL in every field", () => {
  const form = new URLSearchParams({
    name: "Ada\u0000Obi",
    email: "ada\u0000@example.com",
    phone: "080\u0000",
    amount: "2500\u0000",
    note: "\u0000",
  }).toString();

  it("the payment link form answers 4xx (back to the form), not 500", async () => {
    const res = await call(linkCheckoutRoute.POST as unknown as Parameters<typeof call>[0], {
      method: "POST",
      path: `/pay/${slug}/checkout`,
      params: { slug },
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
    });
    expect(res.status, res.text).toBeLessThan(500);
  });

  it.each(HOSTILE_IDS)("the payment link and invoice forms answer 4xx for the id %j", async (id) => {
    for (const [handler, name, at] of [
      [linkCheckoutRoute.POST, "slug", "pay"],
      [invoicePayRoute.POST, "invoiceId", "invoice"],
    ] as const) {
      const res = await call(handler as unknown as Parameters<typeof call>[0], {
        method: "POST",
        path: `/${at}/${encodeURIComponent(id.toWellFormed())}/${at === "pay" ? "checkout" : "pay"}`,
        params: { [name]: id },
        body: form,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      });
      expect(res.status, `${at}: ${res.text.slice(0, 100)}`).toBeLessThan(500);
    }
  });
});

describe("next-auth's credential callback", () => {
  it.each(["\u0000", "\ud800"])("refuses %j in every field with a sign-in error, not a crash", async (bad) => {
    const { authOptions } = await import("@/lib/auth/next-auth");
    const provider = authOptions.providers[0] as unknown as {
      options: { authorize: (c: Record<string, string | undefined>, req: { headers: object }) => Promise<unknown> };
    };
    const owner = await createMerchantOwner();
    const email = owner.user.email;
    for (const credentials of [
      { email: `${email}${bad}`, password: "long-enough-password" },
      { email, password: `long-enough-password${bad}` },
      { email, password: "long-enough-password", code: `12345${bad}` },
      { email: bad, password: bad, code: bad },
    ]) {
      await expect(provider.options.authorize(credentials, { headers: {} })).rejects.toThrow(/^(?!.*prisma)/i);
    }
  });
});

describe("the hosted pages' own cookies, rewritten by the client", () => {
  const cookie = (json: string) => Buffer.from(json).toString("base64url");
  const HOSTILE_JSON = [
    ["a lone surrogate", `{"errors":[],"values":{"name":"Ada\\ud800"}}`],
    ["a NUL", `{"errors":[],"values":{"name":"Ada\\u0000"}}`],
    ["nesting 3,000 deep", `{"errors":${"[".repeat(3_000)}${"]".repeat(3_000)},"values":{}}`],
  ];

  it.each(HOSTILE_JSON)("the pay page ignores a flash cookie holding %s", async (_what, json) => {
    const page = await pageProps(payPageProps as typeof receiptPageProps, { slug }, { [FLASH_COOKIE]: cookie(json) }, { retry: "TXN-0-x" });
    expect(page.statusCode).toBe(200);
    expect((page.result as unknown as { props: { errors: unknown; values: unknown } }).props).toMatchObject({ errors: [], values: {} });
  });
});
