// Finding a PostgreSQL server for the scripts that are not the app (seed, benchmarks), the way
// `npm start` does: DATABASE_URL when set, else the embedded server under .data/ (reused when the
// app is already running it).
import path from "node:path";
import pg from "pg";
import { applyMigrations } from "../lib/db/migrations";
import { ensureDatabase, startEmbeddedPostgres } from "../lib/db/embedded";

export type ScriptDatabase = { url: string; stop: () => Promise<void> };
type Db = (typeof import("../lib/db/client"))["db"];

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A server URL (database "postgres"): `preferred` if given, else an embedded server in `dir`. */
export async function serverUrl(preferred: string | undefined, dir: string, port: number): Promise<ScriptDatabase> {
  if (preferred) return { url: Object.assign(new URL(preferred), { pathname: "/postgres" }).toString(), stop: async () => {} };
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  if (await reachable(url)) return { url, stop: async () => {} };
  console.log(`Starting embedded PostgreSQL (data in ${path.relative(".", dir)}, port ${port})`);
  const server = await startEmbeddedPostgres(dir, port);
  return { url: server.url("postgres"), stop: server.stop };
}

/** The database `npm start` uses, created and migrated if needed. */
export async function appDatabase(): Promise<ScriptDatabase> {
  const configured = process.env.DATABASE_URL;
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54320);
  const dir = path.resolve(process.env.EMBEDDED_PG_DIR ?? ".data/postgres");
  const server = await serverUrl(configured, dir, port);
  const url = configured ?? Object.assign(new URL(server.url), { pathname: "/paylink" }).toString();
  await ensureDatabase(server.url, decodeURIComponent(new URL(url).pathname.slice(1)));
  await applyMigrations(url);
  return { url, stop: server.stop };
}

/**
 * Runs `work` on the database `npm start` uses (lib/db/client's `db`), then disconnects and stops
 * whatever was started for it (seed, ops).
 */
export async function withAppDatabase(work: (db: Db) => Promise<void>): Promise<void> {
  const database = await appDatabase();
  // Set before the client's first import: it reads DATABASE_URL when loaded.
  process.env.DATABASE_URL = database.url;
  const { db } = await import("../lib/db/client");
  try {
    await work(db);
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}
