import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { onShutdown } from "@/lib/shutdown";
import { setting } from "@/lib/config";

function createClient() {
  const connectionString = setting("DATABASE_URL");
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const max = setting("DATABASE_POOL_SIZE") ?? 10;
  const adapter = new PrismaPg({ connectionString, max, connectionTimeoutMillis: 5_000 });
  // Password hashes and two-factor secrets (encrypted) are left out of every query unless a query asks for them.
  return new PrismaClient({ adapter, omit: { user: { passwordHash: true, twoFactorSecret: true, twoFactorPendingSecret: true } } });
}

export type Db = ReturnType<typeof createClient>;
/** A client or an interactive-transaction client: domain functions take either. */
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

// One client per process, made on first use (so `next build` can import this without a database),
// and kept on globalThis so dev hot reloads don't open new pools.
const globalForDb = globalThis as unknown as { __db?: Db };
function client(): Db {
  if (!globalForDb.__db) {
    const created = createClient();
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
