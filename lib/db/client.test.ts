// hotQuery (the prepared statements of the hottest reads) must hand back exactly what Prisma's $queryRaw
// would: BigInt money, UTC dates, parsed JSON, enums as strings, NULLs as null.
import { describe, expect, it, onTestFinished } from "vitest";
import { db, hotQuery } from "@/lib/db/client";
import { createMerchantOwner } from "@/tests/helpers/factories";

describe("hotQuery", () => {
  it("decodes a row exactly as $queryRaw does, whatever the process's time zone", async () => {
    // node-postgres reads a timestamp without time zone in local time by default; ours are UTC.
    const zone = process.env.TZ;
    process.env.TZ = "Africa/Lagos";
    onTestFinished(() => {
      process.env.TZ = zone;
    });
    const { merchant } = await createMerchantOwner();
    const created = await db.transaction.create({
      data: {
        merchantId: merchant.id,
        reference: `TXN-${Date.now()}-hot`,
        amount: 9_007_199_254_740_993n, // past Number's exact range: must stay a BigInt
        customerEmail: "payer@example.com",
        processor: "sandbox",
        metadata: { order: 42, tags: ["a", "b"] },
        completedAt: new Date("2026-01-02T03:04:05.678Z"),
      },
    });
    const viaPrisma = await db.$queryRaw<unknown[]>`SELECT * FROM "Transaction" WHERE id = ${created.id}::uuid`;
    const viaHot = await hotQuery("test-transaction-by-id", `SELECT * FROM "Transaction" WHERE id = $1::uuid`, [created.id]);
    expect(viaHot).toEqual(viaPrisma);
    expect(viaHot[0]).toMatchObject({
      amount: 9_007_199_254_740_993n,
      completedAt: new Date("2026-01-02T03:04:05.678Z"),
      metadata: { order: 42, tags: ["a", "b"] },
    });
  });
});
