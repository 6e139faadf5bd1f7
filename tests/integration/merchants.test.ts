import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { signApiToken } from "@/lib/auth/jwt";
import * as meRoute from "@/app/api/merchants/me/route";
import { call } from "../helpers/api";
import { getMerchant, putMerchant } from "../helpers/merchant";
import { createMerchantOwner } from "../helpers/factories";
import { apiError } from "../helpers/errors";

describe("GET /api/merchants/me", () => {
  it("lists the user's merchants with the role in each", async () => {
    const owner = await createMerchantOwner();
    const other = await createMerchantOwner();
    await db.membership.create({ data: { userId: owner.user.id, merchantId: other.merchant.id, role: "DEVELOPER" } });

    const res = await call(meRoute.GET, { path: "/api/merchants/me", token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.merchants.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      [owner.merchant.id, "OWNER"],
      [other.merchant.id, "DEVELOPER"],
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/sk_test|secretKeyHash|passwordHash/);
  });

  it("answers 401 with no token, a malformed header, a bad token, or a secret key", async () => {
    const owner = await createMerchantOwner();
    const cases = [
      {},
      { headers: { authorization: "Token abc" } },
      { token: "not.a.jwt" },
      { token: (await signApiToken(owner.user.id, 0)).slice(0, -3) + "abc" },
      { token: owner.secretKey },
    ];
    for (const extra of cases) {
      const res = await call(meRoute.GET, { path: "/api/merchants/me", ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe("GET /api/merchants/:merchantId", () => {
  it("returns the merchant to its members and to its own secret key", async () => {
    const owner = await createMerchantOwner();
    for (const token of [owner.token, owner.secretKey]) {
      const res = await getMerchant(owner.merchant.id, token);
      expect(res.status).toBe(200);
      expect(res.body.merchant).toMatchObject({ id: owner.merchant.id, businessName: "Ada's Kitchen", status: "pending", environment: "test" });
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    }
  });

  it("answers 404 Merchant not found for another merchant, by token or key, and for a malformed id", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    for (const token of [stranger.token, stranger.secretKey]) {
      const res = await getMerchant(owner.merchant.id, token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(apiError({ message: "Merchant not found", code: "resource_missing", param: "merchantId" }));
    }
    expect((await getMerchant("not-a-uuid", owner.token)).status).toBe(404);
    expect((await getMerchant("00000000-0000-4000-8000-000000000000", owner.token)).status).toBe(404);
  });

  it("answers 401 without credentials", async () => {
    const owner = await createMerchantOwner();
    expect((await getMerchant(owner.merchant.id)).status).toBe(401);
  });
});

describe("PUT /api/merchants/:merchantId", () => {
  it("updates the business profile and branding", async () => {
    const owner = await createMerchantOwner();
    const changes = {
      businessName: "Ada's Kitchen Lagos",
      supportEmail: "Help@AdasKitchen.ng",
      supportPhone: "+234 803 123 4567",
      website: "https://adaskitchen.ng",
      brandColor: "#0F766E",
      logoUrl: "https://adaskitchen.ng/logo.png",
    };
    const res = await putMerchant(owner.merchant.id, changes, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.merchant).toMatchObject({ ...changes, supportEmail: "help@adaskitchen.ng" });
    const stored = await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } });
    expect(stored.businessName).toBe("Ada's Kitchen Lagos");
  });

  it("answers 400 for bad values and unknown fields, changing nothing", async () => {
    const owner = await createMerchantOwner();
    const res = await putMerchant(owner.merchant.id, { brandColor: "teal", website: "http://insecure.ng", status: "active" }, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["brandColor", "website"]));
    expect(res.body.errors.some((e: { message: string }) => e.message.includes("status"))).toBe(true);
    expect((await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } })).status).toBe("pending");

    expect((await putMerchant(owner.merchant.id, {}, owner.token)).status).toBe(400);
  });

  it("answers 404 for another merchant and 403 for a viewer", async () => {
    const owner = await createMerchantOwner();
    const stranger = await createMerchantOwner();
    expect((await putMerchant(owner.merchant.id, { businessName: "Hijack" }, stranger.token)).status).toBe(404);

    await db.membership.create({ data: { userId: stranger.user.id, merchantId: owner.merchant.id, role: "VIEWER" } });
    expect((await putMerchant(owner.merchant.id, { businessName: "Hijack" }, stranger.token)).status).toBe(403);
    expect((await db.merchant.findUniqueOrThrow({ where: { id: owner.merchant.id } })).businessName).toBe("Ada's Kitchen");
  });

  it("refuses a secret key: settings changes need a signed-in user", async () => {
    const owner = await createMerchantOwner();
    expect((await putMerchant(owner.merchant.id, { businessName: "Key" }, owner.secretKey)).status).toBe(401);
  });
});
