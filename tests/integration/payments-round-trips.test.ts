// How many statements the two hottest payment paths send (issue 29): every statement is a socket
// write and a wait, so a change that adds one fails here rather than only in the benchmark.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { initiatePayment } from "@/lib/payments/initiate";
import { receiveProcessorWebhook } from "@/lib/payments/processor-events";
import type { ApiKeyPrincipal } from "@/lib/auth/principal";
import { ApiError } from "@/lib/api/errors";
import { createMerchantOwner } from "../helpers/factories";
import { sandboxEvent } from "../helpers/payments";
import { insertLink } from "../helpers/rows";

/** Runs `work` counting the statements sent on every pg client (Prisma's adapter sends through them too). */
async function counting<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const original = pg.Client.prototype.query;
  const statements: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === "string" ? first : String((first as { text?: string } | null)?.text ?? ""));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

async function linkPayment() {
  const owner = await createMerchantOwner();
  const apiKey = await db.apiKey.findFirstOrThrow({ where: { merchantId: owner.merchant.id, environment: "test" } });
  const key: ApiKeyPrincipal = { kind: "apiKey", apiKeyId: apiKey.id, merchantId: owner.merchant.id, environment: "test", permissions: null };
  const link = await insertLink({ merchantId: owner.merchant.id, amount: 250_000n, isReusable: true, maxPayments: 5 });
  const input = { paymentLinkId: link.id, amount: 250_000, email: "customer@example.com", firstName: "Chidi", lastName: "Okafor", channel: "card" as const };
  return { owner, link, key, input };
}

describe("statements per payment", () => {
  it("initiates a link payment and settles its success webhook in few statements", async () => {
    const { link, key, input } = await linkPayment();
    // Warm: the first call of a process loads modules and prepares statements.
    await initiatePayment(input, key);

    const initiated = await counting(() => initiatePayment(input, key));
    const reference = initiated.result.transaction.reference;
    const event = sandboxEvent(reference);
    const settled = await counting(() => receiveProcessorWebhook("sandbox", new Headers(event.headers), event.body));

    expect(settled.result).toBe("completed");
    expect(await db.paymentLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ completedPayments: 1 });
    expect({ initiate: initiated.statements.length, webhook: settled.statements.length }).toEqual({ initiate: 10, webhook: 2 });
  });
});

/** Resolves once some statement of this database waits on a row lock. */
async function someoneWaitsOnALock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("nobody waited on the lock");
}

describe("a link's last slot", () => {
  it("is counted after waiting on the link's lock, so a checkout committed meanwhile holds it", async () => {
    const { owner, link, key, input } = await linkPayment();
    await db.paymentLink.update({ where: { id: link.id }, data: { isReusable: false, maxPayments: null } });
    let second: Promise<unknown> | undefined;
    // Another customer's checkout holds the lock while this one's initiation waits on it, then commits.
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "PaymentLink" WHERE id = ${link.id}::uuid FOR UPDATE`;
      await tx.transaction.create({
        data: {
          merchantId: owner.merchant.id,
          reference: `HELD-${Date.now()}`,
          amount: 250_000n,
          customerEmail: "first@example.com",
          processor: "sandbox",
          paymentLinkId: link.id,
        },
      });
      second = initiatePayment({ ...input, email: "second@example.com" }, key).catch((error: unknown) => error);
      await someoneWaitsOnALock();
    });
    const refused = await second;
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect(await db.transaction.count({ where: { paymentLinkId: link.id } })).toBe(1);
  });
});
