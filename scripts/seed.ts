// `npm run seed`: a verified demo merchant with payment links, invoices in every status and about
// three months of transactions, so the dashboard has something to show straight away. Uses
// DATABASE_URL, or the embedded database `npm start` uses. Running it again changes nothing.
import { withAppDatabase } from "./local-db";
import { insertDemoTransactions } from "./demo-data";

const EMAIL = "demo@example.com";
const PASSWORD = "paylink-demo-2026";
const DAY = 24 * 60 * 60 * 1000;

const LINKS = [
  { slug: "demojollof", title: "Party jollof tray", amount: 2_500_000n, isReusable: true },
  { slug: "demoasoebi", title: "Aso-ebi fabric (6 yards)", amount: 4_500_000n, isReusable: true },
  { slug: "democlass", title: "Saturday baking class", amount: 1_500_000n, isReusable: true },
  { slug: "demotip", title: "Tip the chef", amount: null, isReusable: true },
  { slug: "democake", title: "Custom birthday cake", amount: null, isReusable: false },
];

const INVOICES = [
  { status: "DRAFT", customer: "Ngozi Eze", items: [{ description: "Wedding cake (3 tiers)", amount: 18_000_000n, quantity: 1 }], dueInDays: 21 },
  { status: "SENT", customer: "Tunde Adeyemi", items: [{ description: "Small chops (per 50)", amount: 3_500_000n, quantity: 4 }], dueInDays: 10 },
  { status: "SENT", customer: "Aisha Bello", items: [{ description: "Cupcakes (dozen)", amount: 1_200_000n, quantity: 3 }], dueInDays: 3 },
  { status: "OVERDUE", customer: "Emeka Okafor", items: [{ description: "Office lunch (40 plates)", amount: 450_000n, quantity: 40 }], dueInDays: -12 },
  { status: "OVERDUE", customer: "Kemi Balogun", items: [{ description: "Catering deposit", amount: 25_000_000n, quantity: 1 }], dueInDays: -4 },
  { status: "PAID", customer: "Musa Ibrahim", items: [{ description: "Birthday cake", amount: 2_800_000n, quantity: 1 }], dueInDays: -20 },
  { status: "VOID", customer: "Funke Ogunleye", items: [{ description: "Cancelled order", amount: 900_000n, quantity: 2 }], dueInDays: -30 },
] as const;

async function main() {
  await withAppDatabase(async (db) => {
    const { hashPassword } = await import("../lib/auth/password");
    const { createApiKey } = await import("../lib/auth/api-keys");
    const { formatInvoiceNumber } = await import("../lib/invoices/service");
    const { rebuildCustomers } = await import("../lib/customers/service");

    if (await db.user.findUnique({ where: { email: EMAIL }, select: { id: true } })) {
      console.log(`The demo merchant already exists: nothing to do.\n  Log in at /login with ${EMAIL} / ${PASSWORD}`);
      return;
    }
    const now = new Date();
    const passwordHash = await hashPassword(PASSWORD);
    const { merchantId, testSecretKey, linkIds } = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { firstName: "Adaeze", lastName: "Nwosu", email: EMAIL, passwordHash, isEmailVerified: true, emailVerifiedAt: now },
      });
      const merchant = await tx.merchant.create({
        data: {
          businessName: "Adaeze's Kitchen",
          status: "active",
          ownerId: user.id,
          supportEmail: "hello@example.com",
          supportPhone: "+234 803 123 4567",
          brandColor: "#B45309",
          invoiceSequence: INVOICES.length,
          memberships: { create: { userId: user.id, role: "OWNER" } },
        },
      });
      const key = await createApiKey(tx, merchant.id, "test");
      const links = [];
      for (const link of LINKS) links.push(await tx.paymentLink.create({ data: { ...link, merchantId: merchant.id, description: "A demo payment link" } }));
      for (const [i, invoice] of INVOICES.entries()) {
        const amount = invoice.items.reduce((sum, item) => sum + item.amount * BigInt(item.quantity), 0n);
        const created = new Date(now.getTime() - (30 - i) * DAY);
        const sent = invoice.status === "DRAFT" ? null : created;
        await tx.invoice.create({
          data: {
            merchantId: merchant.id,
            invoiceNumber: formatInvoiceNumber(i + 1),
            amount,
            status: invoice.status,
            customerEmail: `${invoice.customer.split(" ")[0]!.toLowerCase()}@example.com`,
            customerName: invoice.customer,
            customerNote: "Thank you for your order!",
            dueDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + invoice.dueInDays)),
            sentAt: sent,
            paidAt: invoice.status === "PAID" ? new Date(created.getTime() + 2 * DAY) : null,
            voidedAt: invoice.status === "VOID" ? new Date(created.getTime() + DAY) : null,
            createdAt: created,
            lineItems: { create: invoice.items.map((item, position) => ({ ...item, position })) },
          },
        });
      }
      return { merchantId: merchant.id, testSecretKey: key.secretKey, linkIds: links.map((l) => l.id) };
    });

    const count = await insertDemoTransactions(db, {
      merchantId,
      count: 2_400,
      from: new Date(now.getTime() - 90 * DAY),
      to: now,
      paymentLinkIds: linkIds.slice(0, 4),
      seed: 2026,
    });
    // The rows went in directly, not through settlement: count their payers as customers too.
    await rebuildCustomers(db, merchantId);
    console.log(
      [
        `Demo merchant "Adaeze's Kitchen" created with ${LINKS.length} payment links, ${INVOICES.length} invoices and ${count.toLocaleString("en")} test transactions.`,
        `  Log in at /login with ${EMAIL} / ${PASSWORD}`,
        `  Test secret key (shown once): ${testSecretKey}`,
        `  Pay page: /pay/${LINKS[0]!.slug}`,
      ].join("\n"),
    );
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
