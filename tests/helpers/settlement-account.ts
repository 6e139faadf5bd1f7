import { expect } from "vitest";
import { db } from "@/lib/db/client";
import type { Processor } from "@/lib/db/generated/enums";
import * as settlementAccountRoute from "@/app/api/merchants/[merchantId]/settlement-account/route";
import { call } from "./api";
import type { createMerchantOwner } from "./factories";

/**
 * Saves the owner's settlement account (GTBank) through its route, which also opens the merchant's
 * subaccounts at the processors in use; the route must answer 200.
 */
export async function saveSettlementAccount(owner: Awaited<ReturnType<typeof createMerchantOwner>>, accountNumber = "0001234567") {
  const merchantId = owner.merchant.id;
  const saved = await call(settlementAccountRoute.PUT, {
    path: `/api/merchants/${merchantId}/settlement-account`,
    params: { merchantId },
    method: "PUT",
    token: owner.token,
    body: { bankCode: "058", accountNumber, password: owner.input.password },
  });
  expect(saved.status, saved.text).toBe(200);
}

/** The merchant's test-mode subaccount at `processor`, which saving the settlement account opened. */
export function testSubaccount(merchantId: string, processor: Processor) {
  return db.processorSubaccount.findUniqueOrThrow({ where: { merchantId_processor_environment: { merchantId, processor, environment: "test" } } });
}
