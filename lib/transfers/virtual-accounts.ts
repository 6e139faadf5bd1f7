// A bank account number of the customer's own (issue 27): issued by the first processor of the
// mode's route (or the sandbox), at most one per customer, never stored with the BVN that asked for it.
import { db, type Tx } from "@/lib/db/client";
import { withTurnLock } from "@/lib/db/turn-lock";
import { ApiError } from "@/lib/api/errors";
import { findOr404 } from "@/lib/api/find";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import type { MerchantScope } from "@/lib/auth/access";
import type { Customer, VirtualAccount } from "@/lib/db/generated/client";
import { PROCESSOR_ERROR_PREFIX, processorFailure, processorRoute } from "@/lib/processors";
import { recordProcessorResult, usableProcessors } from "@/lib/processors/breaker";
import { ProcessorError } from "@/lib/processors/types";
import { toVirtualAccountResponse } from "./serializers";
import type { VirtualAccountBody } from "./schemas";

const NO_ACCOUNT = "No account number for this customer yet";

async function findCustomer({ merchantId, environment }: MerchantScope, customerId: string): Promise<Customer> {
  return findOr404(customerId, "Customer not found", (id) => db.customer.findFirst({ where: { id, merchantId, environment } }));
}

/** GET …/customers/:customerId/virtual-account. */
export async function getVirtualAccount(scope: MerchantScope, customerId: string) {
  const customer = await findCustomer(scope, customerId);
  const account = await db.virtualAccount.findUnique({ where: { customerId: customer.id } });
  if (!account) throw ApiError.notFound(NO_ACCOUNT);
  return toVirtualAccountResponse(account);
}

/** POST …/customers/:customerId/virtual-account: `created` false when the customer already had one. */
export async function createVirtualAccount(scope: MerchantScope, customerId: string, input: VirtualAccountBody) {
  const customer = await findCustomer(scope, customerId);
  const { account, created } = await ensureVirtualAccount(customer, input);
  return { virtualAccount: toVirtualAccountResponse(account), created };
}

/**
 * The customer's account, issued now if they have none. Two requests at once take turns on a
 * per-customer advisory lock held across the processor's call, so the processor is asked once and
 * the second finds the first's account. The lock is no row lock: payments to the customer go on.
 */
export async function ensureVirtualAccount(customer: Customer, input: VirtualAccountBody = {}): Promise<{ account: VirtualAccount; created: boolean }> {
  const existing = await db.virtualAccount.findUnique({ where: { customerId: customer.id } });
  if (existing) return { account: existing, created: false };
  return withCustomerLock(customer.id, async (tx) => {
    const found = await tx.virtualAccount.findUnique({ where: { customerId: customer.id } });
    if (found) return { account: found, created: false };
    return { account: await issue(tx, customer, input), created: true };
  });
}

async function issue(tx: Tx, customer: Customer, input: VirtualAccountBody): Promise<VirtualAccount> {
  const { merchantId, environment } = customer;
  // The mode's route, as new payments take it (breakers included): its first usable processor.
  const [processor] = await usableProcessors(environment, processorRoute(environment));
  const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { businessName: true } });
  // Transfers settle to the merchant's subaccount, like card payments; live money never goes elsewhere.
  const sub = await tx.processorSubaccount.findUnique({ where: { merchantId_processor_environment: { merchantId, processor: processor.name, environment } } });
  if (!sub && environment === "live") throw ApiError.conflict("This business cannot take live payments yet: it has no settlement account");
  const [firstName, ...rest] = (customer.name ?? "").trim().split(/\s+/).filter(Boolean);
  let details;
  try {
    details = await processor.createVirtualAccount({
      customerId: customer.id,
      email: customer.email,
      firstName: firstName ?? null,
      lastName: rest.join(" ") || null,
      phone: input.phone ?? null,
      bvn: input.bvn ?? null,
      narration: merchant.businessName,
      subaccountCode: sub?.code ?? null,
    });
    await recordProcessorResult(processor.name, environment, "started", processor.breaker);
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    await recordProcessorResult(processor.name, environment, error.kind === "declined" ? "refused" : error.kind, processor.breaker);
    // A refusal is the processor's word on this customer (a missing BVN…): said as it said it.
    if (error.kind === "declined") throw ApiError.unprocessable(`${PROCESSOR_ERROR_PREFIX} ${error.message}`, { code: "processor_declined" });
    throw processorFailure(error);
  }
  return tx.virtualAccount.create({
    data: {
      merchantId,
      environment,
      customerId: customer.id,
      processor: processor.name,
      bankName: details.bankName,
      accountNumber: details.accountNumber,
      accountName: details.accountName,
      externalId: details.externalId,
      customerCode: details.customerCode,
    },
  });
}

/**
 * One issue at a time per customer (lib/db/turn-lock.ts): a taken lock gives the connection back and
 * tries again until the processor's time budget is spent (then 409).
 */
function withCustomerLock<T>(customerId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withTurnLock(
    `paylink:virtual-account:${customerId}`,
    { budgetMs: config().PROCESSOR_TIMEOUT_MS * 2, busyMessage: "An account number is being issued to this customer. Try again in a moment." },
    ({ tx }) => work(tx),
  );
}

/**
 * Merchant setting assignVirtualAccounts: an invoice's customer gets an account when the invoice is
 * sent, the customer row made first if they never paid (zero counters). Called before the send's
 * database transaction (no processor call inside one), so the invoice e-mail, built when its job
 * runs, already shows the account. A failure never stops the send: it is logged, and the next send
 * of any invoice to this customer (or a POST …/virtual-account) tries again.
 */
export async function assignOnSend(scope: MerchantScope, invoice: { customerEmail: string; customerName?: string | null }): Promise<void> {
  const merchant = await db.merchant.findUnique({ where: { id: scope.merchantId }, select: { assignVirtualAccounts: true } });
  if (!merchant?.assignVirtualAccounts) return;
  try {
    const customer = await customerForInvoice(scope, invoice);
    await ensureVirtualAccount(customer);
  } catch (error) {
    log.warn(
      { merchantId: scope.merchantId, environment: scope.environment, err: error },
      "could not assign a virtual account on invoice send; the invoice is sent without one",
    );
  }
}

/** The customer (per merchant, mode, lower-cased e-mail), made with zero counters if they never paid. */
async function customerForInvoice(
  { merchantId, environment }: MerchantScope,
  invoice: { customerEmail: string; customerName?: string | null },
): Promise<Customer> {
  const name = invoice.customerName?.trim() || null;
  const now = new Date().toISOString();
  // The same upsert as recordCardCheckCustomer (lib/customers/service.ts): concurrent sends make one row.
  const [row] = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "Customer" ("id", "merchantId", "environment", "email", "name", "createdAt", "updatedAt")
    VALUES (gen_random_uuid(), ${merchantId}::uuid, ${environment}::"Environment", lower(${invoice.customerEmail}), ${name}, ${now}::timestamp, ${now}::timestamp)
    ON CONFLICT ("merchantId", "environment", "email") DO UPDATE SET "name" = COALESCE("Customer"."name", EXCLUDED."name")
    RETURNING "id"`;
  return db.customer.findUniqueOrThrow({ where: { id: row!.id } });
}
