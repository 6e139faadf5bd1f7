// Starts one more app instance (tests/helpers/app-instance.ts) in its own Node process, with its own
// database pool, and answers its base URL once it listens. The child is added to `children` at once,
// so the test file's afterAll stops it even when it never came up.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

/** The instance's warnings and errors go to this process's stderr. */
export function startAppInstance(env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/app-instance.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    // Read every line (a pipe nobody drains would stall the instance once full).
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
      else process.stderr.write(`${line}\n`);
    });
    child.once("exit", (code) => reject(new Error(`The app instance exited (${code}) before listening`)));
  });
}

/** Stops every child (SIGTERM) and waits for each to exit. */
export async function stopChildren(children: ChildProcess[]): Promise<void> {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null)),
  );
}
