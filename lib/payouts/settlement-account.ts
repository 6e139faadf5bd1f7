// The merchant's settlement account: the bank account the processors pay its share into. The
// processor resolves the account's name (never the merchant's word), the merchant confirms it,
// and saving it creates or updates the merchant's subaccount on every configured processor.
// It decides where the money goes, so saving needs the password or a two-factor code, is audited
// and is e-mailed to the owner.
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { confirmIdentity as confirmAccountHolder } from "@/lib/auth/confirm-identity";
import { INVALID_CODE } from "@/lib/auth/two-factor/codes";
import { recordAudit, type AuditSource } from "@/lib/team/audit";
import { ProcessorError } from "@/lib/processors/types";
import { processorFailure } from "@/lib/processors";
import { withMerchantProcessorLock } from "@/lib/processors/merchant-lock";
import { formatLagosDateTime } from "@/lib/lagos-time";
import type { SettlementAccountChangedJob } from "@/lib/email/job";
import type { SettlementAccount } from "@/lib/db/generated/client";
import { config } from "@/lib/config";
import { settlementAccountChangedEmail, type EmailMessage } from "@/lib/email/messages";
import { queueEmail } from "@/lib/email/queue";
import { findBank } from "./banks";
import { bankDirectory } from "./processors";
import { changeSubaccounts } from "./subaccounts";
import type { SettlementAccountInput } from "./schemas";
import type { ResponseOf } from "@/lib/api/openapi/response-of";
import type { SettlementAccountSchema } from "@/lib/api/openapi/resources";

export type ResolvedBankAccount = { bankCode: string; bankName: string; accountNumber: string; accountName: string };

/** Asks the processor whose account this is: 422 when it cannot say. */
export async function resolveBankAccount(bankCode: string, accountNumber: string): Promise<ResolvedBankAccount> {
  const bank = await findBank(bankCode);
  if (!bank) throw ApiError.validation([{ field: "bankCode", message: "Unknown bank: pick one from GET /api/banks" }]);
  try {
    const resolved = await bankDirectory().resolveAccount(bank.code, accountNumber);
    return { bankCode: bank.code, bankName: bank.name, accountNumber, accountName: resolved.accountName };
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    if (error.kind === "declined") throw ApiError.unprocessable("Could not resolve this bank account", { code: "bank_account_unresolved" });
    throw processorFailure(error);
  }
}

/** The resolved account and whether its name looks like the business's (a hint, never a block). */
export async function previewBankAccount(merchantId: string, bankCode: string, accountNumber: string) {
  const resolved = await resolveBankAccount(bankCode, accountNumber);
  const { businessName } = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { businessName: true } });
  return { ...masked(resolved), nameMatchesBusiness: namesMatch(resolved.accountName, businessName) };
}

export async function getSettlementAccount(merchantId: string) {
  const account = await db.settlementAccount.findUnique({ where: { merchantId } });
  return account ? toSettlementAccountResponse(account) : null;
}

export async function saveSettlementAccount(merchantId: string, userId: string, input: SettlementAccountInput, audit: AuditSource) {
  await confirmIdentity(userId, input, audit);
  const resolved = await resolveBankAccount(input.bankCode, input.accountNumber);
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, include: { owner: { select: { email: true } } } });
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true, email: true } });
  // One change at a time per merchant, the processors' calls included: the processors and our rows
  // end naming the same account, and the audit entry and e-mail describe this change, not a later one.
  const outcome = await withMerchantProcessorLock(merchantId, async (lock) => {
    const previous = await lock.tx.settlementAccount.findUnique({ where: { merchantId } });
    // A processor's failure is returned, not thrown: the subaccount rows the processors confirmed must commit.
    return changeSubaccounts(lock, merchant, resolved, previous, async () => {
      const data = {
        bankCode: resolved.bankCode,
        bankName: resolved.bankName,
        accountNumber: resolved.accountNumber,
        accountName: resolved.accountName,
        status: "verified",
      };
      const saved = await lock.tx.settlementAccount.upsert({ where: { merchantId }, create: { merchantId, ...data }, update: data });
      await recordAudit(lock.tx, {
        ...audit,
        merchantId,
        action: "settlement_account.updated",
        targetType: "settlement_account",
        targetId: saved.id,
        metadata: { bankName: saved.bankName, accountNumberLast4: last4(saved.accountNumber), accountName: saved.accountName },
      });
      // The e-mail carries the change itself (never the full number), so it describes this change.
      await queueEmail(lock.tx, {
        kind: "settlement-account-changed",
        merchantId,
        bankName: saved.bankName,
        accountNumberLast4: last4(saved.accountNumber),
        accountName: saved.accountName,
        changedBy: `${user.firstName} ${user.lastName} (${user.email})`,
        changedAt: saved.updatedAt.toISOString(),
      });
      return saved;
    });
  });
  if (!outcome.ok) throw processorFailure(outcome.failure);
  const account = outcome.value;
  const nameMatchesBusiness = namesMatch(account.accountName, merchant.businessName);
  return {
    settlementAccount: toSettlementAccountResponse(account),
    warning: nameMatchesBusiness ? null : `The account name "${account.accountName}" differs from the business name "${merchant.businessName}".`,
  };
}

/** The owner's e-mail about one change of the settlement account, built from the change the job carries. */
export async function settlementAccountChangedEmailFor(job: Omit<SettlementAccountChangedJob, "kind">): Promise<EmailMessage | null> {
  const merchant = await db.merchant.findUnique({ where: { id: job.merchantId }, include: { owner: { select: { email: true } } } });
  if (!merchant) return null;
  return settlementAccountChangedEmail({
    to: merchant.owner.email,
    businessName: merchant.businessName,
    bankName: job.bankName,
    accountNumberLast4: job.accountNumberLast4,
    accountName: job.accountName,
    changedBy: job.changedBy,
    changedAt: formatLagosDateTime(new Date(job.changedAt)),
    url: `${config().appUrl}/dashboard/settings/payouts`,
  });
}

/** The person at the keyboard is the account holder: a two-factor code, or the password (limited attempts, shared per account). */
async function confirmIdentity(userId: string, input: SettlementAccountInput, audit: AuditSource): Promise<void> {
  const check = await confirmAccountHolder(userId, input, audit);
  if (!check.ok) throw ApiError.forbidden(check.factor === "code" ? INVALID_CODE : "That password is not correct");
}

export function toSettlementAccountResponse(account: SettlementAccount) {
  // "verified" is the only status saveSettlementAccount writes.
  return { ...masked(account), status: account.status as "verified", updatedAt: account.updatedAt } satisfies ResponseOf<typeof SettlementAccountSchema>;
}

function masked(account: { bankCode: string; bankName: string; accountNumber: string; accountName: string }) {
  return { bankCode: account.bankCode, bankName: account.bankName, accountNumber: last4(account.accountNumber), accountName: account.accountName };
}

export const last4 = (accountNumber: string) => accountNumber.slice(-4);

const GENERIC = new Set([
  "ltd",
  "limited",
  "enterprise",
  "enterprises",
  "ventures",
  "nig",
  "nigeria",
  "global",
  "services",
  "and",
  "the",
  "co",
  "company",
  "plc",
]);
const words = (name: string) =>
  new Set(
    name
      .toLowerCase()
      .replace(/'s\b/g, "")
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !GENERIC.has(w)),
  );

/** True when every distinctive word of the business name is in the account name. */
export function namesMatch(accountName: string, businessName: string): boolean {
  const account = words(accountName);
  const business = [...words(businessName)];
  return business.length > 0 && business.every((w) => account.has(w));
}
