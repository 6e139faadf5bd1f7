// Writes from hot request paths, held in memory and written in batches: one statement carries many
// requests' rows instead of statements per request, and a slow or failed write never delays or fails
// the request. A graceful shutdown writes what is held (lib/shutdown.ts drain stage); a process that
// dies without one (kill -9, power loss) loses at most `flushAfterMs` of rows.
import { log } from "@/lib/log";
import { onShutdown } from "@/lib/shutdown";

type Options<T> = {
  /** Names the writer in logs and in its shutdown step. */
  name: string;
  /** How long a row waits for others to share its write. */
  flushAfterMs: number;
  /** A batch this big is written at once rather than waiting for the timer. */
  maxBatch: number;
  write: (batch: T[]) => Promise<void>;
  /** Rows of a failed write kept for the next one, at most this many held in all; 0: dropped (logged). */
  keepOnFailure?: number;
};

export type BatchedWriter<T> = {
  /** Holds a row; written within `flushAfterMs`. */
  add: (row: T) => void;
  /** Writes what is held now and waits for writes in flight (tests; graceful shutdown). */
  flush: () => Promise<void>;
};

export function batchedWriter<T>({ name, flushAfterMs, maxBatch, write, keepOnFailure = 0 }: Options<T>): BatchedWriter<T> {
  let held: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  const writing = new Set<Promise<void>>();

  const writeBatch = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const batch = held;
    held = [];
    if (batch.length === 0) return;
    const done = write(batch).catch((err: unknown) => {
      const kept = Math.max(0, Math.min(batch.length, keepOnFailure - held.length));
      held = [...batch.slice(0, kept), ...held];
      if (held.length) timer ??= setTimeout(writeBatch, flushAfterMs).unref();
      log.warn({ err, rows: batch.length, dropped: batch.length - kept }, `${name} write failed`);
    });
    writing.add(done);
    void done.finally(() => writing.delete(done));
  };

  const flush = async (): Promise<void> => {
    writeBatch();
    await Promise.all([...writing]);
  };
  // One name per writer instance: bundles may hold more than one copy of a module, each with its own rows.
  onShutdown("drain", `${name}:${Math.random().toString(36).slice(2)}`, flush);

  return {
    add(row) {
      held.push(row);
      if (held.length >= maxBatch) writeBatch();
      else timer ??= setTimeout(writeBatch, flushAfterMs).unref();
    },
    flush,
  };
}
