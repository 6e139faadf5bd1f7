import type { VirtualAccount } from "@/lib/db/generated/client";
import { columns, type ResponseOf } from "@/lib/api/openapi/response-of";
import type { VirtualAccountSchema } from "./openapi";

/** A customer's own account number, as the merchant (and the customer's invoice) shows it. */
export function toVirtualAccountResponse(account: VirtualAccount) {
  return columns(account, ["bankName", "accountNumber", "accountName", "status", "createdAt"]) satisfies ResponseOf<typeof VirtualAccountSchema>;
}

/** The one sentence the invoice e-mail, PDF and pay page use. */
export function payByTransferText(account: Pick<VirtualAccount, "bankName" | "accountNumber" | "accountName">): string {
  return `Pay by bank transfer to ${account.bankName} ${account.accountNumber} (${account.accountName})`;
}
