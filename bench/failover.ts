// Initiation latency when the route's first processor is down, with and without its circuit breaker
// (issue 25, Deliver 4). In-process calls of initiatePayment (lib/payments/initiate.ts: the database
// work and the processor calls, not the HTTP layer), CONCURRENCY at a time, against fake Paystack and
// Flutterwave on loopback, in a scratch database:
//   (a) normal: route paystack, Paystack healthy;
//   (b) route paystack,flutterwave, Paystack hanging, breaker closed (it never opens here): every
//       initiation waits PROCESSOR_TIMEOUT_MS for Paystack, then starts at Flutterwave;
//   (c) the same with Paystack's breaker open: Paystack is not called.
// Prints p50/p99 of each beside the target "(c) p99 within (a) p99".
//   npm run bench failover    BENCH_CONCURRENCY=16 BENCH_REQUESTS=400 BENCH_HANG_REQUESTS=64 BENCH_TIMEOUT_MS=1000
import { benchDatabase } from "./database";
import { runBench } from "./run-bench";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
/** (b) pays the timeout on every call: fewer of them. */
const HANG_REQUESTS = Number(process.env.BENCH_HANG_REQUESTS ?? 64);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 1_000);

/** Paystack's initialize calls (what the fake hangs on; verify and the rest answer). */
const initialization = (request: { method: string; path: string }) => request.method === "POST" && request.path === "/transaction/initialize";
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

async function main() {
  const database = await benchDatabase("paylink_bench_failover");
  process.env.LOG_LEVEL = "error"; // (b) logs a failover warning per call
  process.env.AUTH_SECRET ??= "bench-auth-secret-that-is-long-enough-0123456789";
  const { startFakePaystack } = await import("../tests/fakes/paystack");
  const { startFakeFlutterwave } = await import("../tests/fakes/flutterwave");
  const [paystack, flutterwave] = await Promise.all([startFakePaystack(), startFakeFlutterwave()]);

  try {
    const { db } = await import("../lib/db/client");
    const { reloadConfig } = await import("../lib/config");
    const { resetProcessors } = await import("../lib/processors");
    const { initiatePayment } = await import("../lib/payments/initiate");
    const { initiateSchema } = await import("../lib/payments/schemas");
    const { createMerchantOwner } = await import("../tests/helpers/factories");
    const { merchant } = await createMerchantOwner({ businessName: "Bench Failover" });
    const input = initiateSchema.parse({ merchantId: merchant.id, amount: 250_000, email: "customer@example.com", channel: "card" });

    const configure = (route: string, breaker: { failures: number; cooldownMs: number }) => {
      Object.assign(process.env, {
        PAYMENT_PROCESSOR: route.split(",")[0],
        PAYMENT_PROCESSORS: route,
        PAYSTACK_SECRET_KEY: paystack.secretKey,
        PAYSTACK_BASE_URL: paystack.baseUrl,
        FLUTTERWAVE_SECRET_KEY: flutterwave.secretKey,
        FLUTTERWAVE_SECRET_HASH: "bench-flutterwave-hash",
        FLUTTERWAVE_BASE_URL: flutterwave.baseUrl,
        PROCESSOR_TIMEOUT_MS: String(TIMEOUT_MS),
        PROCESSOR_BREAKER_FAILURES: String(breaker.failures),
        PROCESSOR_BREAKER_COOLDOWN_MS: String(breaker.cooldownMs),
      });
      reloadConfig();
      resetProcessors();
    };

    /** `count` initiations, CONCURRENCY at a time: each one's milliseconds, and which processor took each. */
    const run = async (count: number) => {
      const ms: number[] = [];
      const took = new Map<string, number>();
      let next = 0;
      const worker = async () => {
        while (next < count) {
          next++;
          const start = performance.now();
          const { processor } = await initiatePayment(input, null);
          ms.push(performance.now() - start);
          took.set(processor, (took.get(processor) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return { ms: ms.sort((a, b) => a - b), took };
    };
    const paystackCalls = () => paystack.requests.filter(initialization).length;

    const rows: { name: string; count: number; ms: number[]; took: Map<string, number>; paystackCalls: number }[] = [];
    const measure = async (name: string, count: number) => {
      const before = paystackCalls();
      const { ms, took } = await run(count);
      rows.push({ name, count, ms, took, paystackCalls: paystackCalls() - before });
    };

    const closed = { failures: 1_000_000, cooldownMs: 600_000 };
    configure("paystack", closed);
    await run(50); // warm-up: connections, prepared statements, JIT
    await measure("(a) normal: paystack, healthy", REQUESTS);

    configure("paystack,flutterwave", closed);
    paystack.failing = initialization;
    paystack.mode = "hang";
    await run(CONCURRENCY); // warm-up of Flutterwave's adapter
    await measure("(b) paystack hanging, breaker closed", HANG_REQUESTS);

    // One failure opens it (a 10-minute cool-down: no probe during the run).
    configure("paystack,flutterwave", { failures: 1, cooldownMs: 600_000 });
    await run(1);
    const state = await db.processorBreaker.findUniqueOrThrow({ where: { processor_environment: { processor: "paystack", environment: "test" } } });
    if (state.state !== "open") throw new Error(`Paystack's breaker is ${state.state}, not open`);
    await run(50); // warm-up, as (a)
    await measure("(c) paystack hanging, breaker open", REQUESTS);

    console.log(`\nIn-process initiatePayment, ${CONCURRENCY} at a time, PROCESSOR_TIMEOUT_MS=${TIMEOUT_MS}; fakes on loopback`);
    console.log("scenario                               | calls | p50 ms | p99 ms | Paystack called | taken by");
    for (const row of rows) {
      const takenBy = [...row.took].map(([name, n]) => `${name} ${n}`).join(", ");
      console.log(
        `${row.name.padEnd(38)} | ${String(row.count).padStart(5)} | ${percentile(row.ms, 0.5).toFixed(1).padStart(6)} | ${percentile(row.ms, 0.99).toFixed(1).padStart(6)} | ${String(row.paystackCalls).padStart(15)} | ${takenBy}`,
      );
    }
    const [a, , c] = rows.map((row) => percentile(row.ms, 0.99));
    console.log(`\ntarget: (c) p99 within (a) p99: ${c!.toFixed(1)} ms vs ${a!.toFixed(1)} ms: ${c! <= a! ? "met" : "not met"}`);
    await db.$disconnect();
  } finally {
    await Promise.all([paystack.close(), flutterwave.close()]);
    await database.close();
  }
}

runBench(main);
