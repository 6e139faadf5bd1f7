// "Try again" (?retry={reference}) as the pay and invoice pages serve it: the form starts from the
// customer of that page's own payment that did not go through within the hour, and from nobody else's.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createLink } from "@/lib/links/service";
import { createInvoice } from "@/lib/invoices/service";
import { createInvoiceSchema } from "@/lib/invoices/schemas";
import * as linkCheckoutRoute from "@/app/pay/[slug]/checkout/route";
import * as invoicePayRoute from "@/app/invoice/[invoiceId]/pay/route";
import { getServerSideProps as payPageProps } from "@/pages/pay/[slug]";
import { getServerSideProps as invoicePageProps } from "@/pages/invoice/[invoiceId]";
import { createMerchantOwner } from "../helpers/factories";
import { postForm } from "../helpers/forms";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;
type Load = typeof payPageProps | typeof invoicePageProps;

let seq = 0;
const uniqueSlug = () => `retry${Date.now().toString(36)}${(seq++).toString(36)}`;

/** The form's starting values the page renders with. */
async function formValues(load: Load, params: Record<string, string>, retry: string) {
  const res = { statusCode: 200, setHeader: () => undefined };
  const result = await load({ params, req: { cookies: {}, headers: {} }, res, query: { retry }, resolvedUrl: "/" } as unknown as Parameters<Load>[0]);
  expect(res.statusCode).toBe(200);
  return (result as { props: { values: Record<string, string> } }).props.values;
}

const linkValues = (slug: string, retry: string) => formValues(payPageProps, { slug }, retry);
const invoiceValues = (invoiceId: string, retry: string) => formValues(invoicePageProps, { invoiceId }, retry);

async function link(owner: Owner) {
  return createLink({ merchantId: owner.merchant.id, environment: "test" }, { title: "Ankara fabric", customSlug: uniqueSlug(), isReusable: true });
}

/** A payment made through the link's form, then marked as it ended; its reference. */
async function failedOnLink(slug: string, status: "FAILED" | "CANCELLED" | "ABANDONED" | "COMPLETED" = "FAILED") {
  const res = await postForm(
    linkCheckoutRoute.POST,
    `/pay/${slug}/checkout`,
    { slug },
    { email: "ada@example.com", name: "Ada Obi", amount: "2500", channel: "card" },
  );
  expect(res.status).toBe(303);
  const t = await db.transaction.findFirstOrThrow({ where: { paymentLink: { slug } }, orderBy: { createdAt: "desc" } });
  await db.transaction.update({ where: { id: t.id }, data: { status } });
  return t;
}

const ADA = { email: "ada@example.com", name: "Ada Obi", amount: "2,500.00", channel: "card" };

let owner: Owner;
beforeAll(async () => {
  owner = await createMerchantOwner();
});

describe("the pay page with ?retry=", () => {
  it("starts from its own failed, cancelled or abandoned payment of the last hour", async () => {
    const l = await link(owner);
    for (const status of ["FAILED", "CANCELLED", "ABANDONED"] as const) {
      const t = await failedOnLink(l.slug, status);
      expect(await linkValues(l.slug, t.reference)).toEqual(ADA);
    }
  });

  it("starts empty for a completed payment, one older than an hour, or an unknown reference", async () => {
    const l = await link(owner);
    const paid = await failedOnLink(l.slug, "COMPLETED");
    expect(await linkValues(l.slug, paid.reference)).toEqual({});
    const old = await failedOnLink(l.slug);
    await db.transaction.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 61 * 60 * 1000) } });
    expect(await linkValues(l.slug, old.reference)).toEqual({});
    expect(await linkValues(l.slug, "TXN-0-unknown")).toEqual({});
  });

  it("starts empty for another link's payment, another merchant's, or a live payment on a test link", async () => {
    const mine = await link(owner);
    const sibling = await link(owner);
    const siblings = await failedOnLink(sibling.slug);
    expect(await linkValues(sibling.slug, siblings.reference)).toEqual(ADA);
    expect(await linkValues(mine.slug, siblings.reference)).toEqual({});

    const stranger = await createMerchantOwner({ businessName: "Someone Else's Shop" });
    const theirs = await failedOnLink((await link(stranger)).slug);
    expect(await linkValues(mine.slug, theirs.reference)).toEqual({});

    // A live row on a test page (never made by the form; guarded all the same): test mode never shows live customers.
    const live = await failedOnLink(mine.slug);
    await db.transaction.update({ where: { id: live.id }, data: { environment: "live" } });
    expect(await linkValues(mine.slug, live.reference)).toEqual({});
  });
});

describe("the invoice page with ?retry=", () => {
  async function invoice() {
    const input = createInvoiceSchema.parse({
      customerEmail: "chioma.eze@example.com",
      customerName: "Chioma Eze",
      lineItems: [{ description: "Design", amount: 125_000, quantity: 2 }],
      status: "SENT",
    });
    return createInvoice({ merchantId: owner.merchant.id, environment: "test" }, input);
  }
  async function failedOnInvoice(invoiceId: string) {
    const res = await postForm(invoicePayRoute.POST, `/invoice/${invoiceId}/pay`, { invoiceId }, { channel: "bank_transfer" });
    expect(res.status).toBe(303);
    const t = await db.transaction.findFirstOrThrow({ where: { invoiceId }, orderBy: { createdAt: "desc" } });
    return db.transaction.update({ where: { id: t.id }, data: { status: "FAILED" } });
  }

  it("starts from its own failed payment, not from another invoice's", async () => {
    const inv = await invoice();
    const t = await failedOnInvoice(inv.id);
    expect(await invoiceValues(inv.id, t.reference)).toEqual({
      email: "chioma.eze@example.com",
      name: "Chioma Eze",
      amount: "2,500.00",
      channel: "bank_transfer",
    });
    const other = await invoice();
    expect(await invoiceValues(other.id, t.reference)).toEqual({});
    await db.transaction.update({ where: { id: t.id }, data: { environment: "live" } });
    expect(await invoiceValues(inv.id, t.reference)).toEqual({});
  });
});
