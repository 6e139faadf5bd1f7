// The one job registry (lib/jobs/registry.ts): what the workers create from it, and the webhook
// outbox poll, a job that queues its own next run instead of a loop beside pg-boss.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startWorkers, stopWorkers } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/registry";
import { pollWebhookOutbox } from "@/lib/webhooks/jobs";

afterAll(async () => {
  await stopWorkers();
});

const waiting = (name: string) =>
  db.$queryRaw<{ startAfter: Date }[]>`SELECT start_after AS "startAfter" FROM pgboss.job WHERE name = ${name} AND state = 'created'`;

describe("job registry", () => {
  it("gives every job its queue and every recurring job its schedule (the outbox poll every minute as a restart)", async () => {
    const boss = await startWorkers();
    const queues = new Set((await boss.getQueues()).map((q) => q.name));
    const schedules = new Map((await boss.getSchedules()).map((s) => [s.name, s.cron]));
    for (const job of Object.values(JOBS)) {
      expect(queues.has(job.name), job.name).toBe(true);
      expect(schedules.get(job.name), job.name).toBe("cron" in job ? job.cron : undefined);
    }
    expect(schedules.get(JOBS.webhookOutbox.name)).toBe("* * * * *");
    expect((await boss.getQueue(JOBS.deliverWebhook.name))?.retryLimit).toBe(0);
  });

  it("an outbox poll queues the next one about a second later, and only one waits however often it runs", async () => {
    await stopWorkers();
    const boss = await startWorkers();
    await boss.offWork(JOBS.webhookOutbox.name);
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = ${JOBS.webhookOutbox.name}`;
    const before = Date.now();
    await pollWebhookOutbox();
    await pollWebhookOutbox();
    const next = await waiting(JOBS.webhookOutbox.name);
    expect(next).toHaveLength(1);
    expect(next[0]!.startAfter.getTime()).toBeGreaterThanOrEqual(before + 500);
  });
});
