// Webhook test helpers: endpoints and outbox events made through the real services.
import { db } from "@/lib/db/client";
import { recordEvent, type EventType } from "@/lib/webhooks/outbox";
import { createEndpoint } from "@/lib/webhooks/service";

export async function createTestEndpoint(merchantId: string, url: string, events: EventType[] = ["transaction.completed"]) {
  return createEndpoint(merchantId, "test", { url, events });
}

/** Writes n outbox events the way the payments code does (inside a database transaction). */
export async function recordEvents(merchantId: string, n: number, type: EventType = "transaction.completed") {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch = await db.$transaction(async (tx) => {
      const out: string[] = [];
      for (let j = i; j < Math.min(n, i + 200); j++) {
        const event = await recordEvent(tx, { merchantId, environment: "test", type, data: { id: `txn_${j}`, amount: 500_000n + BigInt(j), status: "COMPLETED" } });
        out.push(event.id);
      }
      return out;
    });
    ids.push(...batch);
  }
  return ids;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
