// Graceful shutdown of the production server (`npm start` = next start on the build the browser tests
// use): a second instance on the same database gets SIGTERM while a payment initiation waits on a slow
// processor. The request still answers 201 with a complete transaction, and the process exits 0.
// (Here rather than in vitest: it needs `next build`, which the browser-test run makes first.)
import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import pg from "pg";
import { createVerifiedMerchant, e2eDatabaseUrl, startSecondServer } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 57;

/** A Paystack stand-in that answers initialize only after `delayMs`, and says when a request arrived. */
async function slowPaystack(delayMs: number) {
  let arrived!: () => void;
  const received = new Promise<void>((resolve) => (arrived = resolve));
  const server: Server = createServer((req, res) => {
    arrived();
    req.resume().on("end", () => {
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            status: true,
            message: "Authorization URL created",
            data: { authorization_url: "https://checkout.paystack.com/slow", access_code: "slowcode", reference: "x" },
          }),
        );
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("SIGTERM lets an in-flight payment initiation finish, then the server exits 0", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one server process is enough");
  test.setTimeout(120_000);
  const merchant = await createVerifiedMerchant(request, "Shutdown Stores");
  const paystack = await slowPaystack(2_000);
  let server: ChildProcess | undefined;
  try {
    server = await startSecondServer(PORT, {
      APP_URL: `http://127.0.0.1:${PORT}`,
      PAYMENT_PROCESSOR: "paystack",
      PAYSTACK_SECRET_KEY: "sk_test_slow",
      PAYSTACK_BASE_URL: paystack.url,
    });
    const exited = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));

    const initiated = fetch(`http://127.0.0.1:${PORT}/api/transactions/initiate`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.secretKey}`, "content-type": "application/json" },
      body: JSON.stringify({ merchantId: merchant.merchantId, amount: 500_000, email: "payer@example.com" }),
    });
    await paystack.received; // the request is now in flight, waiting on the processor
    server.kill("SIGTERM");

    const response = await initiated;
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.accessCode).toBe("slowcode");
    expect(await exited).toBe(0);

    // The transaction was written completely: the processor's answer is stored with it.
    const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT status, "accessCode", "authorizationUrl" FROM "Transaction" WHERE id = $1`, [body.transactionId]);
      expect(rows).toEqual([{ status: "PENDING", accessCode: "slowcode", authorizationUrl: "https://checkout.paystack.com/slow" }]);
    } finally {
      await client.end();
    }
    // And it no longer accepts connections.
    expect(
      await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        () => "answered",
        () => "refused",
      ),
    ).toBe("refused");
  } finally {
    if (server?.exitCode === null) server.kill("SIGKILL");
    await paystack.close();
  }
});
