// Background work on pg-boss, in the same PostgreSQL as everything else; every job is in
// ./registry.ts. In the default single-machine mode the app runs the workers in-process
// (instrumentation.ts); scaled out, set WORKERS=off on app instances and run `npm run worker` processes instead.
import { Client } from "pg";
import PgBoss from "pg-boss";
import { config, jobsConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { onShutdown } from "@/lib/shutdown";
import { JOBS, runJob, type JobKey, type JobPayload } from "./registry";

let boss: PgBoss | undefined;
let sender: Promise<PgBoss> | undefined;

function newBoss(extra: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  const instance = new PgBoss({ connectionString: config().DATABASE_URL, schema: "pgboss", max: jobsConfig().poolSize, ...extra });
  instance.on("error", (error) => log.error({ err: error }, "job queue error"));
  return instance;
}

async function createQueues(instance: PgBoss): Promise<void> {
  for (const job of Object.values(JOBS)) await instance.createQueue(job.name, { name: job.name, ...job.queue });
}

/**
 * pg-boss's set-up (its schema, queue tables, schedules) deadlocks when two processes run it at
 * once, and one of them exits: the usual case when two `npm run worker` start together. A
 * session advisory lock makes them take turns; ending the session releases it.
 */
async function oneAtATime<T>(setUp: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: config().DATABASE_URL });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended('paylink:jobs-set-up', 0))");
    return await setUp();
  } finally {
    await client.end();
  }
}

/** Creates every queue, schedules the recurring jobs and starts a worker per job (WORKERS=on, or `npm run worker`). */
export async function startWorkers(): Promise<PgBoss> {
  if (boss) return boss;
  boss = newBoss();
  onShutdown("drain", "jobs", stopWorkers);
  const instance = boss;
  await oneAtATime(async () => {
    await instance.start();
    await createQueues(instance);
    for (const job of Object.values(JOBS)) if ("cron" in job && job.cron) await instance.schedule(job.name, job.cron);
  });
  const settings = jobsConfig();
  for (const key of Object.keys(JOBS) as JobKey[]) {
    const job = JOBS[key];
    const { loops = 1, ...options } = "work" in job && job.work ? job.work(settings) : {};
    for (let i = 0; i < loops; i++) {
      const instance = boss;
      await boss.work(job.name, options, async (jobs) => {
        // Each job of a batch succeeds or fails alone: a failed one is failed (and retried per its
        // queue) here; pg-boss then completes only those still active.
        const results = await Promise.allSettled(jobs.map((j) => runJob(key, j.data)));
        await Promise.all(
          results.map((result, i) => (result.status === "rejected" ? instance.fail(job.name, jobs[i]!.id, failure(result.reason)) : undefined)),
        );
      });
    }
    if ("runAtStart" in job && job.runAtStart) await boss.send(job.name, {});
  }
  log.info("background workers started");
  return boss;
}

/** What pg-boss stores as a failed job's output: the error's message, never its whole object. */
function failure(reason: unknown): { message: string } {
  return { message: reason instanceof Error ? reason.message : String(reason) };
}

/**
 * A queue to send jobs to: the running workers' instance, or (app instances with WORKERS=off)
 * a send-only one that runs no maintenance or schedules.
 */
export async function jobQueue(): Promise<PgBoss> {
  if (boss) return boss;
  onShutdown("drain", "jobs", stopWorkers);
  sender ??= (async () => {
    const instance = newBoss({ max: 2, supervise: false, schedule: false });
    await oneAtATime(async () => {
      await instance.start();
      await createQueues(instance);
    });
    return instance;
  })().catch((error: unknown) => {
    sender = undefined;
    throw error;
  });
  return sender;
}

/** Queues one job; throws if the queue cannot take it. */
export async function sendJob<K extends JobKey>(key: K, data: JobPayload<K>, options: PgBoss.SendOptions = {}): Promise<void> {
  await (await jobQueue()).send(JOBS[key].name, data ?? {}, options);
}

/** Queues many jobs of one kind in few statements (500 a statement). */
export async function insertJobs<K extends JobKey>(key: K, jobs: { data: JobPayload<K>; singletonKey?: string; startAfter?: Date }[]): Promise<void> {
  const queue = await jobQueue();
  for (let i = 0; i < jobs.length; i += 500) {
    await queue.insert(jobs.slice(i, i + 500).map((job) => ({ name: JOBS[key].name, ...job, data: job.data ?? {} })));
  }
}

/** Lets running jobs finish (up to JOBS_STOP_TIMEOUT_MS), then stops (SIGTERM). */
export async function stopWorkers(): Promise<void> {
  await boss?.stop({ graceful: true, wait: true, timeout: jobsConfig().stopTimeoutMs });
  boss = undefined;
  const pending = sender;
  sender = undefined;
  await (await pending?.catch(() => undefined))?.stop({ graceful: false });
}
