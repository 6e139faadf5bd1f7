// Realistic-looking transactions for the demo seed and the overview benchmark, inserted in bulk
// (createMany in batches) rather than one row at a time.
import { randomBytes } from "node:crypto";
import type { Db } from "../lib/db/client";
import type { Environment, TransactionStatus } from "../lib/db/generated/enums";

const FIRST = ["Chioma", "Tunde", "Aisha", "Emeka", "Ngozi", "Bola", "Ifeanyi", "Funke", "Musa", "Kemi", "Obinna", "Zainab"];
const LAST = ["Okafor", "Adeyemi", "Bello", "Eze", "Okonkwo", "Balogun", "Nwosu", "Abubakar", "Ogunleye", "Ibrahim"];
const CHANNELS = ["card", "card", "card", "bank_transfer", "bank_transfer", "ussd"];
/** Naira price points people really pay, in kobo. */
const AMOUNTS = [150_000, 250_000, 500_000, 750_000, 1_000_000, 1_250_000, 2_500_000, 4_500_000, 7_500_000, 15_000_000, 35_000_000];

/** Mostly successful, like a healthy business: 78% completed, 10% failed, 5% cancelled, 4% pending, 3% refunded. */
function pickStatus(r: number): TransactionStatus {
  if (r < 0.78) return "COMPLETED";
  if (r < 0.88) return "FAILED";
  if (r < 0.93) return "CANCELLED";
  if (r < 0.97) return "PENDING";
  return "REFUNDED";
}

/** A small seeded PRNG (mulberry32) so the demo looks the same on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type DemoTransactionOptions = {
  merchantId: string;
  environment?: Environment;
  count: number;
  /** Spread evenly at random between these instants. */
  from: Date;
  to: Date;
  /** Some payments go to these links. */
  paymentLinkIds?: string[];
  seed?: number;
  onProgress?: (inserted: number) => void;
};

export async function insertDemoTransactions(db: Db, options: DemoTransactionOptions): Promise<number> {
  const rand = random(options.seed ?? 7);
  const batchTag = randomBytes(3).toString("hex");
  const span = options.to.getTime() - options.from.getTime();
  const links = options.paymentLinkIds ?? [];
  const BATCH = 5_000;
  let inserted = 0;
  while (inserted < options.count) {
    const size = Math.min(BATCH, options.count - inserted);
    const rows = Array.from({ length: size }, (_, i) => {
      const n = inserted + i;
      const createdAt = new Date(options.from.getTime() + Math.floor(rand() * span));
      const status = pickStatus(rand());
      const amount = BigInt(AMOUNTS[Math.floor(rand() * AMOUNTS.length)]!);
      const first = FIRST[Math.floor(rand() * FIRST.length)]!;
      const last = LAST[Math.floor(rand() * LAST.length)]!;
      const paid = status === "COMPLETED" || status === "REFUNDED";
      const channel = CHANNELS[Math.floor(rand() * CHANNELS.length)]!;
      return {
        merchantId: options.merchantId,
        environment: options.environment ?? "test",
        reference: `DEMO-${batchTag}-${n.toString(36).padStart(6, "0")}`,
        amount,
        fee: paid ? (amount * 15n) / 1000n : 0n, // 1.5%
        status,
        channel,
        paymentMethod: channel,
        customerEmail: `${first}.${last}${n % 97}@example.com`.toLowerCase(),
        customerName: `${first} ${last}`,
        processor: "sandbox" as const,
        refundedAmount: status === "REFUNDED" ? amount : 0n,
        failureReason: status === "FAILED" ? "Declined by the issuing bank" : null,
        paymentLinkId: links.length > 0 && rand() < 0.4 ? links[Math.floor(rand() * links.length)]! : null,
        createdAt,
        updatedAt: createdAt,
        completedAt: paid ? new Date(createdAt.getTime() + 45_000) : null,
      };
    });
    await db.transaction.createMany({ data: rows });
    inserted += size;
    options.onProgress?.(inserted);
  }
  return inserted;
}
