// The dashboard's payment-link page lists the link's own payments (listTransactions' paymentLinkId filter).
import { describe, expect, it } from "vitest";
import { createLink } from "@/lib/links/service";
import { listTransactions } from "@/lib/payments/queries";
import { createMerchantOwner } from "../helpers/factories";
import { insertTransaction } from "../helpers/rows";

describe("listTransactions by payment link", () => {
  it("returns only that link's payments, for that merchant and mode", async () => {
    const owner = await createMerchantOwner();
    const scope = { merchantId: owner.merchant.id, environment: "test" as const };
    const link = await createLink(scope, { title: "Tray", amount: 500_000 });
    const other = await createLink(scope, { title: "Other" });
    const stamp = Date.now();
    const make = (reference: string, paymentLinkId: string | null) =>
      insertTransaction({
        ...scope,
        reference: `${reference}-${stamp}`,
        amount: 500_000n,
        customerEmail: "c@example.com",
        status: "COMPLETED",
        paymentLinkId,
      });
    const mine = [await make("L1", link.id), await make("L2", link.id)];
    await make("O1", other.id);
    await make("N1", null);

    const page = await listTransactions({ merchantId: owner.merchant.id, environment: "test" }, { paymentLinkId: link.id, limit: 10 });
    expect(page.data.map((t) => t.id).sort()).toEqual(mine.map((t) => t.id).sort());
    expect((await listTransactions({ merchantId: owner.merchant.id, environment: "live" }, { paymentLinkId: link.id, limit: 10 })).data).toEqual([]);
    expect((await listTransactions({ merchantId: owner.merchant.id, environment: "test" }, { limit: 10 })).data).toHaveLength(4);
  });
});
