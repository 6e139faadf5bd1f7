// The daily check that where the money goes is never ambiguous: every subaccount's bank account, as
// its processor holds it, against our settlement account. A difference (a change made in the
// processor's dashboard, a save the processor applied after we gave up on it, a change that could
// not be put back) is recorded in the audit log, logged as an error for the operator every day it
// lasts, and e-mailed to the owner once per difference (not again each day while it stays the same;
// saving the account again resolves it). Only last four digits leave the database.
import { db, type Tx } from "@/lib/db/client";
import { forEachRow, keysetPages, queuePerRow } from "@/lib/jobs/fan-out";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { recordAudit } from "@/lib/team/audit";
import { getProcessor } from "@/lib/processors";
import { catalogEntry } from "@/lib/processors/catalog";
import { withMerchantProcessorLock } from "@/lib/processors/merchant-lock";
import { ProcessorError, type SubaccountBankAccount } from "@/lib/processors/types";
import type { ProcessorSubaccount, SettlementAccount } from "@/lib/db/generated/client";
import { settlementAccountMismatchEmail, type EmailMessage } from "@/lib/email/messages";
import type { SettlementAccountMismatchJob } from "@/lib/email/job";
import { queueEmail } from "@/lib/email/queue";
import { last4 } from "./settlement-account";

export const MISMATCH_ACTION = "settlement_account.mismatch";

/** Merchants read from the database at a time (keyset pagination). */
const PAGE_SIZE = 1000;
/** Merchants checked at once by the in-process run; the processors' own pace is the throttle's. */
const IN_PROCESS_CONCURRENCY = 8;

export type SubaccountCheckResult = { subaccounts: number; mismatches: number; reported: number; errors: number };

/** Merchants with subaccounts, a page at a time in id order. */
const merchantPages = () =>
  keysetPages(PAGE_SIZE, "merchantId", (after) =>
    db.processorSubaccount.findMany({
      where: after ? { merchantId: { gt: after } } : {},
      distinct: ["merchantId"],
      orderBy: { merchantId: "asc" },
      take: PAGE_SIZE,
      select: { merchantId: true },
    }),
  );

/**
 * The cron run: one check-merchant-subaccounts job per merchant (keyed by it, so a second run while
 * they wait queues none), so a processor failure retries that merchant alone, and the reads are paced
 * by the processors' throttle (lib/processors/throttle.ts) like the payout sync's. Answers how many it queued.
 */
export async function queueSubaccountChecks(): Promise<number> {
  return queuePerRow(merchantPages(), "checkMerchantSubaccounts", ({ merchantId }) => ({ data: { merchantId }, singletonKey: merchantId }));
}

/** Runs every merchant's check now, in this process (a few at once): tests and the operator. */
export async function checkSubaccounts(): Promise<SubaccountCheckResult> {
  const result: SubaccountCheckResult = { subaccounts: 0, mismatches: 0, reported: 0, errors: 0 };
  await forEachRow(merchantPages(), IN_PROCESS_CONCURRENCY, ({ merchantId }) => checkMerchantSubaccounts(merchantId, result));
  return result;
}

/** One merchant's subaccounts against its settlement account, adding to `result`. */
export async function checkMerchantSubaccounts(merchantId: string, result: SubaccountCheckResult = emptyResult()): Promise<SubaccountCheckResult> {
  try {
    // Under the lock a change is never seen half-made (its processor saved, our row not yet).
    const reported = await withMerchantProcessorLock(merchantId, async ({ tx }) => {
      const ours = await tx.settlementAccount.findUnique({ where: { merchantId } });
      const subs = await tx.processorSubaccount.findMany({ where: { merchantId }, orderBy: { createdAt: "asc" } });
      let found = 0;
      for (const sub of subs) {
        result.subaccounts++;
        // A first save that failed halfway has nothing of ours to compare with yet.
        if (!ours) continue;
        const theirs = await bankAccountAt(sub);
        if (!theirs) {
          result.errors++;
          continue;
        }
        if (sameAccount(theirs, ours)) continue;
        result.mismatches++;
        const job = mismatchJob(sub, ours, theirs);
        log.error(
          {
            merchantId,
            processor: sub.processor,
            environment: sub.environment,
            processorAccountLast4: job.processorAccountLast4,
            ourAccountLast4: job.ourAccountLast4,
          },
          "a subaccount pays a different bank account from the merchant's settlement account",
        );
        if (await alreadyReported(tx, job)) continue;
        await recordAudit(tx, {
          actor: null,
          merchantId,
          action: MISMATCH_ACTION,
          targetType: "settlement_account",
          targetId: ours.id,
          metadata: fingerprint(job),
        });
        await queueEmail(tx, job);
        found++;
      }
      return found;
    });
    result.reported += reported;
  } catch (error) {
    // A change under way holds the lock past its budget (409): tomorrow's run looks again.
    if (!(error instanceof ApiError)) throw error;
    result.errors++;
  }
  return result;
}

const emptyResult = (): SubaccountCheckResult => ({ subaccounts: 0, mismatches: 0, reported: 0, errors: 0 });

/** The owner's e-mail about one difference, built from what the check found. */
export async function settlementAccountMismatchEmailFor(job: SettlementAccountMismatchJob): Promise<EmailMessage | null> {
  const merchant = await db.merchant.findUnique({ where: { id: job.merchantId }, include: { owner: { select: { email: true } } } });
  if (!merchant) return null;
  return settlementAccountMismatchEmail({
    to: merchant.owner.email,
    businessName: merchant.businessName,
    where: `${catalogEntry(job.processor).subject} (${job.environment} payments)`,
    processorBank: job.processorBank,
    processorAccountLast4: job.processorAccountLast4,
    ourBank: job.ourBank,
    ourAccountLast4: job.ourAccountLast4,
    url: `${config().appUrl}/dashboard/settings/payouts`,
  });
}

/** Null when the processor cannot say today (down, or no key for that mode any more). */
async function bankAccountAt(sub: ProcessorSubaccount): Promise<SubaccountBankAccount | null> {
  try {
    return await getProcessor(sub.processor, sub.environment).getSubaccount(sub.code);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    log.warn({ merchantId: sub.merchantId, processor: sub.processor, environment: sub.environment, kind: error.kind }, "could not read a subaccount");
    return null;
  }
}

/** Same number, and the same bank by code or (Paystack gives only its name) by name. */
function sameAccount(theirs: SubaccountBankAccount, ours: SettlementAccount): boolean {
  if (theirs.accountNumber !== ours.accountNumber) return false;
  if (theirs.bankCode !== null) return theirs.bankCode === ours.bankCode;
  return theirs.bankName !== null && normalized(theirs.bankName) === normalized(ours.bankName);
}

const normalized = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

function mismatchJob(sub: ProcessorSubaccount, ours: SettlementAccount, theirs: SubaccountBankAccount): SettlementAccountMismatchJob {
  return {
    kind: "settlement-account-mismatch",
    merchantId: sub.merchantId,
    processor: sub.processor,
    environment: sub.environment,
    processorBank: theirs.bankName ?? theirs.bankCode ?? "an unknown bank",
    processorAccountLast4: last4(theirs.accountNumber),
    ourBank: ours.bankName,
    ourAccountLast4: last4(ours.accountNumber),
  };
}

const fingerprint = ({ kind: _kind, merchantId: _merchantId, ...facts }: SettlementAccountMismatchJob) => facts;

/** The same difference was reported since the account was last saved. */
async function alreadyReported(tx: Tx, job: SettlementAccountMismatchJob): Promise<boolean> {
  const saved = await tx.auditLog.findFirst({
    where: { merchantId: job.merchantId, action: "settlement_account.updated" },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const reports = await tx.auditLog.findMany({
    where: { merchantId: job.merchantId, action: MISMATCH_ACTION, ...(saved ? { createdAt: { gt: saved.createdAt } } : {}) },
    select: { metadata: true },
  });
  // jsonb keeps its own key order: compare fact by fact.
  const facts = Object.entries(fingerprint(job));
  return reports.some((r) => facts.every(([key, value]) => (r.metadata as Record<string, unknown> | null)?.[key] === value));
}
