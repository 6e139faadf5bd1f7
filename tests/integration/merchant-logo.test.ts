// Issue 15, item 5 (Logo): upload a PNG, JPEG or WebP of at most 512 KB, checked and resized with
// sharp, stored, served from our origin with cache headers, and shown on hosted pages and in e-mails.
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { createInvoice } from "@/lib/invoices/service";
import { createInvoiceSchema } from "@/lib/invoices/schemas";
import { invoiceEmailFor } from "@/lib/invoices/email";
import { findPublicLink, createLink } from "@/lib/links/service";
import { loadReceipt } from "@/lib/payments/receipt";
import * as logoRoute from "@/app/api/merchants/[merchantId]/logo/route";
import * as merchantRoute from "@/app/api/merchants/[merchantId]/route";
import * as servedLogo from "@/app/logos/[merchantId]/route";
import { call } from "../helpers/api";
import { createMember, createMerchantOwner } from "../helpers/factories";
import { initiate, paymentBody } from "../helpers/payments";
import { validationError } from "../helpers/errors";

type Owner = Awaited<ReturnType<typeof createMerchantOwner>>;

const image = (format: "png" | "jpeg" | "webp", width = 800, height = 400) =>
  sharp({ create: { width, height, channels: 4, background: { r: 11, g: 107, b: 79, alpha: 1 } } })
    [format]()
    .toBuffer();

/** POST …/logo with a multipart body, as the dashboard's file input sends it. */
async function upload(owner: { token: string }, merchantId: string, file: Blob | string | null, name = "logo.png") {
  const form = new FormData();
  if (file instanceof Blob) form.append("logo", file, name);
  else if (typeof file === "string") form.append("logo", file);
  const req = new NextRequest(`http://localhost:3000/api/merchants/${merchantId}/logo`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const res = await logoRoute.POST(req, { params: Promise.resolve({ merchantId }) });
  return { status: res.status, body: await res.json() };
}

async function served(merchantId: string, query = "", headers: Record<string, string> = {}) {
  const res = await servedLogo.GET(new Request(`http://localhost:3000/logos/${merchantId}${query}`, { headers }), { params: Promise.resolve({ merchantId }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const blob = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

let owner: Owner;
beforeAll(async () => {
  owner = await createMerchantOwner({ businessName: "Lagos Prints" });
});

describe("POST /api/merchants/:merchantId/logo", () => {
  it("resizes a PNG to fit 256×256, stores it, and points logoUrl at our own /logos path", async () => {
    const res = await upload(owner, owner.merchant.id, blob(await image("png"), "image/png"));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Logo uploaded");
    expect(res.body.merchant.logoUrl).toMatch(new RegExp(`^/logos/${owner.merchant.id}\\?v=[0-9a-f]{20}$`));

    const stored = await db.merchantLogo.findUniqueOrThrow({ where: { merchantId: owner.merchant.id } });
    expect(stored.contentType).toBe("image/png");
    const meta = await sharp(Buffer.from(stored.data)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 256, height: 128 });
    expect(res.body.merchant.logoUrl).toBe(`/logos/${owner.merchant.id}?v=${stored.etag}`);
    // Audited like any settings change.
    const audit = await db.auditLog.findFirst({ where: { merchantId: owner.merchant.id, action: "merchant.updated" }, orderBy: { createdAt: "desc" } });
    expect(audit?.metadata).toMatchObject({ fields: ["logoUrl"], to: { logoUrl: res.body.merchant.logoUrl }, uploaded: true });
  });

  it("takes JPEG and WebP too, and never enlarges a small logo", async () => {
    for (const [format, type] of [
      ["jpeg", "image/jpeg"],
      ["webp", "image/webp"],
    ] as const) {
      const res = await upload(owner, owner.merchant.id, blob(await image(format, 120, 120), type), `logo.${format}`);
      expect(res.status, format).toBe(200);
      const stored = await db.merchantLogo.findUniqueOrThrow({ where: { merchantId: owner.merchant.id } });
      expect(await sharp(Buffer.from(stored.data)).metadata()).toMatchObject({ format: "png", width: 120, height: 120 });
    }
  });

  it("refuses what is not a PNG, JPEG or WebP image by its bytes, an empty or a missing file, and more than 512 KB", async () => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const cases: [Blob | string | null, RegExp][] = [
      [blob(gif, "image/png"), /PNG, JPEG or WebP/],
      [blob(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml"), /PNG, JPEG or WebP/],
      // PNG's signature and nothing after it: not an image sharp can read.
      [blob(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "image/png"), /could not be read/],
      [blob(Buffer.alloc(0), "image/png"), /empty/],
      ["not a file", /Attach the logo/],
      [null, /Attach the logo/],
      [blob(Buffer.concat([await image("png", 10, 10), Buffer.alloc(512 * 1024)]), "image/png"), /at most 512 KB/],
    ];
    const before = await db.merchantLogo.findUnique({ where: { merchantId: owner.merchant.id } });
    for (const [file, message] of cases) {
      const res = await upload(owner, owner.merchant.id, file);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(validationError("logo", expect.stringMatching(message)));
    }
    // Nothing was replaced.
    expect((await db.merchantLogo.findUnique({ where: { merchantId: owner.merchant.id } }))?.etag).toBe(before?.etag);
  });

  // Issue 23, finding 8: a 4096×4096 decompression bomb (a few KB of PNG, 64 MB once decoded) was accepted.
  it("refuses an image of more than 4,000,000 pixels, however small its file, and keeps one at the cap", async () => {
    const before = await db.merchantLogo.findUnique({ where: { merchantId: owner.merchant.id } });
    for (const [width, height] of [
      [4096, 4096],
      [2001, 2000],
      [16_000, 251],
    ]) {
      const bomb = await image("png", width, height);
      expect(bomb.byteLength).toBeLessThan(512 * 1024);
      const res = await upload(owner, owner.merchant.id, blob(bomb, "image/png"));
      expect(res.status, `${width}×${height}`).toBe(400);
      expect(res.body.errors).toEqual([{ field: "logo", message: "The logo must be at most 4,000,000 pixels (for example 2000×2000)" }]);
    }
    expect((await db.merchantLogo.findUnique({ where: { merchantId: owner.merchant.id } }))?.etag).toBe(before?.etag);
    expect((await upload(owner, owner.merchant.id, blob(await image("png", 2000, 2000), "image/png"))).status).toBe(200);
  });

  it("answers 413 for a body far over the limit, and 400 for a body that is not multipart", async () => {
    const huge = await upload(owner, owner.merchant.id, blob(Buffer.alloc(700 * 1024), "image/png"));
    expect(huge.status).toBe(413);
    const asJson = await call(logoRoute.POST, {
      path: `/api/merchants/${owner.merchant.id}/logo`,
      params: { merchantId: owner.merchant.id },
      token: owner.token,
      body: { logo: "x" },
    });
    expect(asJson.status).toBe(400);
    expect(asJson.body.errors).toEqual([{ field: "body", message: "Send the file as multipart/form-data" }]);
  });

  it("is for owners and admins of that merchant only", async () => {
    const viewer = await createMember(owner.merchant.id, "VIEWER");
    expect((await upload(viewer, owner.merchant.id, blob(await image("png"), "image/png"))).status).toBe(403);
    const stranger = await createMerchantOwner();
    expect((await upload(stranger, owner.merchant.id, blob(await image("png"), "image/png"))).status).toBe(404);
    const admin = await createMember(owner.merchant.id, "ADMIN");
    expect((await upload(admin, owner.merchant.id, blob(await image("png"), "image/png"))).status).toBe(200);
  });
});

describe("GET /logos/:merchantId", () => {
  it("serves the stored PNG with its ETag: a year's cache for the versioned URL, revalidation otherwise, 304 when unchanged", async () => {
    const m = await createMerchantOwner();
    const { body } = await upload(m, m.merchant.id, blob(await image("png"), "image/png"));
    const stored = await db.merchantLogo.findUniqueOrThrow({ where: { merchantId: m.merchant.id } });

    const versioned = await served(m.merchant.id, `?v=${stored.etag}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("content-type")).toBe("image/png");
    expect(versioned.headers.get("etag")).toBe(`"${stored.etag}"`);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(versioned.bytes.equals(Buffer.from(stored.data))).toBe(true);
    expect(body.merchant.logoUrl).toBe(`/logos/${m.merchant.id}?v=${stored.etag}`);

    const plain = await served(m.merchant.id);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    const again = await served(m.merchant.id, "", { "if-none-match": `"${stored.etag}"` });
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) expect((await served(id)).status).toBe(404);
  });
});

describe("removing or replacing the logo", () => {
  it("DELETE clears logoUrl and the stored file; a URL set in Settings replaces an upload", async () => {
    const m = await createMerchantOwner();
    await upload(m, m.merchant.id, blob(await image("png"), "image/png"));
    const removed = await call(logoRoute.DELETE, {
      method: "DELETE",
      path: `/api/merchants/${m.merchant.id}/logo`,
      params: { merchantId: m.merchant.id },
      token: m.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: "Logo removed", merchant: { logoUrl: null } });
    expect(await db.merchantLogo.count({ where: { merchantId: m.merchant.id } })).toBe(0);
    expect((await served(m.merchant.id)).status).toBe(404);

    await upload(m, m.merchant.id, blob(await image("png"), "image/png"));
    const linked = await call(merchantRoute.PUT, {
      method: "PUT",
      path: `/api/merchants/${m.merchant.id}`,
      params: { merchantId: m.merchant.id },
      token: m.token,
      body: { logoUrl: "https://cdn.example.com/logo.png" },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.merchant.logoUrl).toBe("https://cdn.example.com/logo.png");
    expect(await db.merchantLogo.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });
});

describe("where the logo shows", () => {
  it("hosted pages get our path; e-mails and receipts get the absolute URL", async () => {
    const m = await createMerchantOwner({ businessName: "Mama Put" });
    const { body } = await upload(m, m.merchant.id, blob(await image("png"), "image/png"));
    const path = body.merchant.logoUrl as string;
    const scope = { merchantId: m.merchant.id, environment: "test" as const };

    const link = await createLink(scope, { title: "Jollof", amount: 250_000 });
    expect((await findPublicLink(link.slug))?.merchant.logoUrl).toBe(path);

    const invoice = await createInvoice(
      scope,
      createInvoiceSchema.parse({ customerEmail: "buyer@example.com", lineItems: [{ description: "Tray", amount: 250_000, quantity: 1 }], status: "SENT" }),
    );
    const email = await invoiceEmailFor(invoice.id);
    expect(email!.html).toContain(`${config().appUrl}${path}`);

    const started = await initiate(paymentBody(m.merchant.id, { email: "chidi@example.com" }));
    expect((await loadReceipt({ id: started.body.transactionId }))?.merchant.logoUrl).toBe(`${config().appUrl}${path}`);
  });
});
