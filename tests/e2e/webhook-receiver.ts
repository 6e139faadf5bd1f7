import { mkdirSync } from "node:fs";
import path from "node:path";
import { test } from "./fixtures";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

/**
 * An HTTPS webhook receiver for the spec file that calls this (started before its tests, closed after),
 * trusted by the app server: playwright.config.ts sets WEBHOOK_TEST_CA_FILE to this CA file.
 */
export function webhookReceiver(): () => Receiver {
  const caFile = path.resolve(`.data/e2e-webhook-ca-${process.env.E2E_PORT ?? 3100}.pem`);
  let receiver: Receiver | undefined;
  test.beforeAll(async () => {
    mkdirSync(path.dirname(caFile), { recursive: true });
    receiver = await startReceiver(caFile);
  });
  test.afterAll(async () => {
    await receiver?.close();
  });
  return () => receiver!;
}
