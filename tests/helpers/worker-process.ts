// A real `npm run worker` process (scripts/worker.ts), delivering webhooks to a test's receiver.
import { spawn, type ChildProcess } from "node:child_process";
import type { Receiver } from "./webhook-receiver";

/** `env` adds or overrides settings; `output: "inherit"` shows the worker's warnings and errors. */
export function startWorkerProcess(receiver: Receiver, options: { env?: Record<string, string>; output?: "ignore" | "inherit" } = {}): ChildProcess {
  const output = options.output ?? "ignore";
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, WEBHOOK_ALLOW_PRIVATE_URLS: "1", WEBHOOK_TEST_CA_FILE: receiver.caFile, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", output, output],
  });
}
