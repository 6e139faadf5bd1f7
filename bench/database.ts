// A scratch database for a benchmark, on TEST_DATABASE_URL's or DATABASE_URL's server, else an
// embedded one: created fresh and migrated, then dropped at the end (kept with BENCH_KEEP=1).
import path from "node:path";
import pg from "pg";
import { applyMigrations } from "../lib/db/migrations";
import { serverUrl } from "../scripts/local-db";

/** One statement on its own connection (bulk loads, VACUUM, EXPLAIN, CREATE DATABASE). */
export async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export type BenchDatabase = { url: string; close: () => Promise<void> };

/** Creates and migrates database `name`, and points DATABASE_URL at it for this process. */
export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const server = await serverUrl(
    process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL,
    path.resolve(".data/bench-postgres"),
    Number(process.env.BENCH_EMBEDDED_PG_PORT ?? 54323),
  );
  await sql(server.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await sql(server.url, `CREATE DATABASE "${name}"`);
  const url = Object.assign(new URL(server.url), { pathname: `/${name}` }).toString();
  process.env.DATABASE_URL = url;
  await applyMigrations(url);
  return {
    url,
    close: async () => {
      if (!process.env.BENCH_KEEP) await sql(server.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await server.stop();
    },
  };
}
