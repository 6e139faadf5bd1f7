// Proves that prisma/migrations and prisma/schema.prisma describe the same database: the test
// database (built by applying every migration) and a database built straight from schema.prisma
// must have identical tables, columns, types, defaults, indexes, constraints and enums.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it, inject } from "vitest";

const CATALOG = {
  columns: `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision, numeric_scale
            FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
            ORDER BY table_name, column_name`,
  indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes
            WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename, indexname`,
  constraints: `SELECT rel.relname AS table_name, con.conname, con.contype, pg_get_constraintdef(con.oid) AS definition
                FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid JOIN pg_namespace ns ON ns.oid = rel.relnamespace
                WHERE ns.nspname = 'public' AND rel.relname <> '_prisma_migrations' ORDER BY rel.relname, con.conname`,
  enums: `SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
          JOIN pg_namespace ns ON ns.oid = t.typnamespace WHERE ns.nspname = 'public' ORDER BY t.typname, e.enumsortorder`,
};

/** At most one open attempt per transaction (lib/payments/attempts.ts). */
const MIGRATION_ONLY_INDEXES = ["PaymentAttempt_one_open_per_transaction"];
/** CHECK constraints schema.prisma cannot express (money moves in positive amounts, invoices and credit stay in bounds). */
const MIGRATION_ONLY_CONSTRAINTS = ["PaymentAllocation_amount_positive", "Invoice_amountPaid_within_amount", "Customer_balance_not_negative"];

async function catalog(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, unknown[]> = {};
    for (const [name, sql] of Object.entries(CATALOG)) out[name] = (await client.query(sql)).rows;
    return out;
  } finally {
    await client.end();
  }
}

const serverUrl = inject("serverUrl");
const fromSchema = `paylink_schema_${randomBytes(5).toString("hex")}`;
const urlFor = (db: string) => Object.assign(new URL(serverUrl), { pathname: `/${db}` }).toString();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

afterAll(() => admin(`DROP DATABASE IF EXISTS "${fromSchema}" WITH (FORCE)`));

describe("migrations", () => {
  it("give exactly the database that schema.prisma describes", async () => {
    const generated = spawnSync(
      process.execPath,
      ["--experimental-wasm-modules", "--disable-warning=ExperimentalWarning", "--import", "tsx", "scripts/db.ts", "schema-sql"],
      { env: { ...process.env, DATABASE_URL: serverUrl }, encoding: "utf8" },
    );
    expect(generated.stderr).toBe("");
    expect(generated.stdout).toContain('CREATE TABLE "Transaction"');

    await admin(`CREATE DATABASE "${fromSchema}"`);
    const client = new pg.Client({ connectionString: urlFor(fromSchema) });
    await client.connect();
    await client.query(generated.stdout).finally(() => client.end());

    const migrated = await catalog(process.env.DATABASE_URL!);
    const direct = await catalog(urlFor(fromSchema));
    expect(migrated.columns?.length).toBeGreaterThan(100);
    // Partial indexes schema.prisma cannot express live only in their migrations: present, and nothing else differs.
    const names = (rows: unknown[] | undefined) => (rows as { indexname: string }[]).map((row) => row.indexname);
    expect(names(migrated.indexes)).toEqual(expect.arrayContaining(MIGRATION_ONLY_INDEXES));
    migrated.indexes = (migrated.indexes as { indexname: string }[]).filter((row) => !MIGRATION_ONLY_INDEXES.includes(row.indexname));
    const constraintNames = (rows: unknown[] | undefined) => (rows as { conname: string }[]).map((row) => row.conname);
    expect(constraintNames(migrated.constraints)).toEqual(expect.arrayContaining(MIGRATION_ONLY_CONSTRAINTS));
    migrated.constraints = (migrated.constraints as { conname: string }[]).filter((row) => !MIGRATION_ONLY_CONSTRAINTS.includes(row.conname));
    expect(migrated).toEqual(direct);
  });
});
