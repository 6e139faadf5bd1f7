// Issue 23, finding 9: a payment's e-mails are recorded in the commit that completes it. A real app
// instance settles a payment and is killed (SIGKILL) the moment the completion is visible: at no
// moment is the payment COMPLETED without its receipt and "You've been paid" rows (each look is one
// statement, so one snapshot), and a worker process started afterwards sends both.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { completeSandboxCheckout } from "@/lib/processors/sandbox-checkout";
import { createMerchantOwner, uniqueEmail } from "../helpers/factories";
import { initiate, paymentBody, sandboxEvent } from "../helpers/payments";
import { waitFor } from "../helpers/webhooks";

const children: ChildProcess[] = [];

function start(script: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return child;
}

/** tests/helpers/app-instance.ts: the real route handlers in their own process (no workers); answers its base URL. */
function startAppInstance(): Promise<{ child: ChildProcess; url: string }> {
  const child = start("tests/helpers/app-instance.ts");
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    });
    child.once("exit", (code) => reject(new Error(`The app instance exited (${code}) before listening`)));
  });
}

/** The payment's status and its e-mail rows, read in one statement (one snapshot). */
async function look(reference: string) {
  const [row] = await db.$queryRaw<{ status: string; receipts: number; paid: number }[]>`
    SELECT t.status::text AS status,
      (SELECT count(*)::int FROM "OutboundEmail" e WHERE e."transactionId" = t.id AND e.kind = 'receipt') AS receipts,
      (SELECT count(*)::int FROM "OutboundEmail" e WHERE e."transactionId" = t.id AND e.kind = 'payment-received') AS paid
    FROM "Transaction" t WHERE t.reference = ${reference}`;
  return row!;
}

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

it("an app instance killed right after a payment's completion commits loses neither e-mail; a fresh worker sends both", async () => {
  const owner = await createMerchantOwner({ businessName: "Crash Test Kitchen" });
  const customer = uniqueEmail("crash");
  const started = await initiate(paymentBody(owner.merchant.id, { email: customer }));
  expect(started.status).toBe(201);
  const reference = started.body.reference as string;
  await completeSandboxCheckout(started.body.accessCode, { method: "card", cardNumber: "4084 0840 8408 4081" });

  const app = await startAppInstance();
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  const webhook = sandboxEvent(reference);
  // The answer never comes: the instance dies first.
  void fetch(`${app.url}/api/transactions/webhooks/sandbox`, { method: "POST", headers: webhook.headers, body: webhook.body }).catch(() => undefined);

  const seen: Awaited<ReturnType<typeof look>>[] = [];
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const now = await look(reference);
    seen.push(now);
    if (now.status === "COMPLETED") {
      app.child.kill("SIGKILL");
      break;
    }
  }
  await exited;
  const completed = seen.filter((s) => s.status === "COMPLETED");
  expect(completed.length).toBeGreaterThan(0);
  // Every look: PENDING with no e-mail, or COMPLETED with both.
  for (const s of seen)
    expect(s).toEqual(s.status === "COMPLETED" ? { status: "COMPLETED", receipts: 1, paid: 1 } : { status: "PENDING", receipts: 0, paid: 0 });
  expect(await db.storedEmail.count({ where: { to: customer } })).toBe(0);

  // A worker started afterwards (nothing of the dead instance's is left) sends them.
  start("scripts/worker.ts");
  const mail = () => db.storedEmail.findMany({ where: { to: { in: [customer, owner.input.email] } }, select: { to: true, subject: true } });
  await waitFor(async () => (await mail()).length >= 2, 30_000, "the receipt and the owner's e-mail");
  expect((await mail()).map((m) => [m.to, m.subject]).sort()).toEqual(
    [
      [customer, "[Test] Your receipt from Crash Test Kitchen"],
      [owner.input.email, "[Test] You've been paid NGN 2,500.00 · Crash Test Kitchen"],
    ].sort(),
  );
  // The worker stores a message, then marks its row SENT in a second statement: wait for both rows.
  const sent = () =>
    db.outboundEmail.count({ where: { transactionId: started.body.transactionId, kind: { in: ["receipt", "payment-received"] }, status: "SENT" } });
  await waitFor(async () => (await sent()) === 2, 10_000, "both e-mail rows marked SENT");
  expect(await sent()).toBe(2);
}, 90_000);
