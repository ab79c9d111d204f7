import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type Piscina from 'piscina';

/**
 * A full queue: the pool already runs `threads` tasks and holds `maxQueue` more. The error handler answers it
 * with 503 UNAVAILABLE and `Retry-After`; nothing was started, so trying again later is safe.
 */
export class WorkerQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The server is busy building documents. Try again in a moment.');
    this.name = 'WorkerQueueFullError';
  }
}

export interface WorkerPoolOptions {
  /** The worker's entry file (an absolute path, .ts under vitest/tsx or the bundle's .js). */
  filename: string;
  /** Threads; the machine's available parallelism (at least 1) when omitted. */
  threads?: number;
  /** Tasks that may wait for a thread beyond those running; past it a task is refused at once. */
  maxQueue: number;
  /** What a refusal's `Retry-After` says (whole seconds). */
  retryAfterSeconds?: number;
}

/** How much lower than the event loop the worker threads are scheduled (nice 0..19; higher = lower priority). */
const WORKER_NICE = 10;

/** Tasks that may wait for a thread by default (WORKER_QUEUE_MAX). */
export const defaultWorkerQueueMax = 64;

/** Tasks by name: each takes one plain (structured-cloneable) input and resolves to one plain output. */
export type TaskTable = Record<string, (input: never) => unknown>;

export interface WorkerPool<T extends TaskTable> {
  /** Runs `task` on a worker thread (starting the pool on the first call); refuses with WorkerQueueFullError. */
  run<K extends keyof T & string>(task: K, input: Parameters<T[K]>[0]): Promise<Awaited<ReturnType<T[K]>>>;
  /** Whether a thread pool exists yet (it is made by the first task). */
  readonly started: boolean;
  /** Tasks submitted and not yet settled (running or waiting). */
  readonly pending: number;
  readonly threads: number;
  /** Waits for running tasks and ends the threads; a task submitted afterwards is refused. */
  close(): Promise<void>;
}

/** The message each task is posted as; the worker entry dispatches on `task`. */
export interface TaskMessage {
  task: string;
  input: unknown;
}

/**
 * A worker entry written in TypeScript needs tsx's loader in its thread (vitest runs the sources through its
 * own transform, which a worker thread does not share); the bundle's .js entry needs nothing.
 */
function execArgvFor(filename: string): string[] | undefined {
  if (!filename.endsWith('.ts')) return undefined;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  // A thread takes the process's flags but not those only a process may have (watch mode, the inspector).
  const inherited = process.execArgv.filter((a) => !/^--(input-type|watch|inspect)/.test(a));
  return [...inherited, '--import', tsx];
}

/** Counts the tasks a pool has accepted and not finished: `track` runs one, counted until it settles. */
function pendingCount() {
  let pending = 0;
  return {
    get pending() {
      return pending;
    },
    async track<R>(task: () => Promise<R>): Promise<R> {
      pending++;
      try {
        return await task();
      } finally {
        pending--;
      }
    },
  };
}

/**
 * One piscina pool for CPU-heavy work (PDFs, QR codes, CSV), made lazily on the first task so an instance that
 * builds nothing starts no threads. At most `threads` tasks run and `maxQueue` wait; the bound is counted
 * here (piscina's own counts threads still starting as capacity), so a burst past it is refused
 * deterministically, before any work is queued.
 */
export function createWorkerPool<T extends TaskTable>(options: WorkerPoolOptions): WorkerPool<T> {
  const threads = Math.max(1, Math.floor(options.threads ?? os.availableParallelism()));
  const maxQueue = Math.max(0, Math.floor(options.maxQueue));
  const retryAfter = Math.max(1, Math.ceil(options.retryAfterSeconds ?? 2));
  let pool: Promise<Piscina> | undefined;
  const tasks = pendingCount();
  let closed = false;

  const start = () => {
    pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          filename: options.filename,
          minThreads: threads,
          maxThreads: threads,
          // The bound is enforced above piscina; its own queue only holds what was admitted.
          maxQueue: Number.POSITIVE_INFINITY,
          idleTimeout: Number.POSITIVE_INFINITY,
          // Worker threads yield the CPU to the event loop's thread (Linux nice, through @napi-rs/nice): on a busy
          // machine a PDF waits a little longer rather than every request of the instance.
          niceIncrement: WORKER_NICE,
          execArgv: execArgvFor(options.filename),
        }),
    );
    return pool;
  };

  return {
    async run(task, input) {
      if (closed) throw new WorkerQueueFullError(retryAfter);
      if (tasks.pending >= threads + maxQueue) throw new WorkerQueueFullError(retryAfter);
      return tasks.track(async () => (await start()).run({ task, input } satisfies TaskMessage));
    },
    get started() {
      return pool !== undefined;
    },
    get pending() {
      return tasks.pending;
    },
    threads,
    async close() {
      closed = true;
      if (!pool) return;
      const piscina = await pool;
      await piscina.close();
    },
  };
}

/**
 * The same interface running each task on the main thread (WORKER_THREADS=0): the old path, kept for a
 * side-by-side benchmark and for tools. Nothing is bounded and nothing runs in parallel.
 */
export function createInlineWorkerPool<T extends TaskTable>(load: () => Promise<T>): WorkerPool<T> {
  let table: Promise<T> | undefined;
  const tasks = pendingCount();
  return {
    async run(task, input) {
      return tasks.track(async () => {
        table ??= load();
        const fn = (await table)[task] as unknown as (input: unknown) => unknown;
        return (await fn(input)) as never;
      });
    },
    get started() {
      return table !== undefined;
    },
    get pending() {
      return tasks.pending;
    },
    threads: 0,
    async close() {},
  };
}
