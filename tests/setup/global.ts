// Once per test run: find a PostgreSQL server (TEST_DATABASE_URL, or an embedded one) and build a
// migrated template database. Each test file then gets its own copy of it (tests/setup/database.ts).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedServer } from "../../lib/db/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
  }
}

function migrationsHash(): string {
  const dir = path.resolve("prisma/migrations");
  const hash = createHash("sha256");
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name, "migration.sql");
    if (fs.existsSync(file)) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres(".data/test-postgres", Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54321));
    serverUrl = embedded.url("postgres");
  }

  // Rebuilt only when the migrations change.
  const template = `paylink_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${template}_building"`).catch(async () => {
        await admin.query(`DROP DATABASE "${template}_building" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${template}_building"`);
      });
      const migrate = spawnSync(
        process.execPath,
        ["--experimental-wasm-modules", "--disable-warning=ExperimentalWarning", "--import", "tsx", "scripts/db.ts", "migrate"],
        { env: { ...process.env, DATABASE_URL: withDatabase(serverUrl, `${template}_building`) }, encoding: "utf8" },
      );
      if (migrate.status !== 0) throw new Error(`Migrating the test template failed:\n${migrate.stderr}${migrate.stdout}`);
      await admin.query(`ALTER DATABASE "${template}_building" RENAME TO "${template}"`);
    }
  } finally {
    await admin.end();
  }

  project.provide("serverUrl", serverUrl);
  project.provide("templateDatabase", template);
  return async () => {
    await embedded?.stop();
  };
}
