import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { onShutdown } from "@/lib/shutdown";
import { setting } from "@/lib/config";

/** The process's one pool: Prisma's adapter runs on it, and so do the few hot reads of hotQuery. */
function createPool(): pg.Pool {
  const connectionString = setting("DATABASE_URL");
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  return new pg.Pool({ connectionString, max: setting("DATABASE_POOL_SIZE") ?? 10, connectionTimeoutMillis: 5_000 });
}

function createClient(pool: pg.Pool) {
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Password hashes and two-factor secrets (encrypted) are left out of every query unless a query asks for them.
  return new PrismaClient({ adapter, omit: { user: { passwordHash: true, twoFactorSecret: true, twoFactorPendingSecret: true } } });
}

export type Db = ReturnType<typeof createClient>;
/** A client or an interactive-transaction client: domain functions take either. */
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

// One client per process, made on first use (so `next build` can import this without a database),
// and kept on globalThis so dev hot reloads don't open new pools.
const globalForDb = globalThis as unknown as { __db?: Db; __pool?: pg.Pool };
function client(): Db {
  if (!globalForDb.__db) {
    const pool = createPool();
    const created = createClient(pool);
    globalForDb.__pool = pool;
    globalForDb.__db = created;
    onShutdown("close", "database", () => created.$disconnect());
  }
  return globalForDb.__db;
}

export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const value = Reflect.get(client(), property);
    return typeof value === "function" ? value.bind(client()) : value;
  },
});

/** PostgreSQL types decoded as Prisma's $queryRaw decodes them: int8 as BigInt, timestamp (UTC by our schema) as a UTC Date. */
const PRISMA_LIKE_TYPES = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8) return (text: string) => BigInt(text);
    if (oid === pg.types.builtins.TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * For the hottest reads only (the secret-key lookup, verify, the public link read): a named (prepared)
 * statement straight on the pool, without Prisma's per-call query interpretation, decoded as $queryRaw
 * would (lib/db/client.test.ts proves the rows are equal). Everything else goes through `db`.
 */
export async function hotQuery<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
  client();
  const { rows } = await globalForDb.__pool!.query({ name, text, values, types: PRISMA_LIKE_TYPES });
  return rows as T[];
}
