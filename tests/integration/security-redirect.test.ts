// Issue 13, finding 9: no open redirect. Anyone may start a keyless checkout (the hosted pages do),
// so without a secret key the customer may only be sent back to the merchant's own website or to
// our receipt page; the merchant's server, with its key, may name any https URL.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";

describe("callbackUrl", () => {
  it("refuses a keyless checkout that would end on someone else's site, and creates nothing", async () => {
    const owner = await createMerchantOwner();
    for (const callbackUrl of ["https://phish.example/login", "https://adaskitchen.ng.phish.example/", "https://localhost.evil.example/receipt/x"]) {
      const res = await initiate(paymentBody(owner.merchant.id, { callbackUrl }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: "callbackUrl", message: expect.stringMatching(/own website/) }]);
    }
    expect(await db.transaction.count({ where: { merchantId: owner.merchant.id } })).toBe(0);
  });

  it("lets a keyless checkout return to the merchant's website or our receipt page", async () => {
    const owner = await createMerchantOwner();
    await db.merchant.update({ where: { id: owner.merchant.id }, data: { website: "https://adaskitchen.ng" } });
    expect((await initiate(paymentBody(owner.merchant.id, { callbackUrl: "https://adaskitchen.ng/thanks?order=12" }))).status).toBe(201);
    expect((await initiate(paymentBody(owner.merchant.id, { callbackUrl: "http://localhost:3000/receipt/TXN-1-abc" }))).status).toBe(201);
    expect((await initiate(paymentBody(owner.merchant.id))).status).toBe(201);
  });

  it("lets the merchant's server (secret key) send customers to any https URL", async () => {
    const owner = await createMerchantOwner();
    const res = await initiate(paymentBody(owner.merchant.id, { callbackUrl: "https://shop.example.com/paid" }), { key: owner.secretKey });
    expect(res.status).toBe(201);
    expect((await db.transaction.findUniqueOrThrow({ where: { reference: res.body.reference } })).callbackUrl).toBe("https://shop.example.com/paid");
    const plain = await initiate(paymentBody(owner.merchant.id, { callbackUrl: "http://shop.example.com/paid" }), { key: owner.secretKey });
    expect(plain.status).toBe(400);
  });
});
