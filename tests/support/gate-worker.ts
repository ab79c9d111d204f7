import type { TaskMessage } from '../../src/server/platform/workers/pool';
import runTask from '../../src/server/worker';

/**
 * A worker entry for tests: FanGrid's tasks, plus `hold`, which keeps its thread until the test opens the gate
 * (a shared Int32Array set to 1). Busy threads are then a state the test sets, not a race it hopes to win.
 */
export default async function gateWorker(message: TaskMessage): Promise<unknown> {
  if (message.task === 'hold') {
    const gate = new Int32Array(message.input as SharedArrayBuffer);
    while (Atomics.load(gate, 0) === 0) Atomics.wait(gate, 0, 0, 1000);
    return 'released';
  }
  return runTask(message);
}

/** A closed gate for `hold` tasks, and how to open it. */
export function createGate() {
  const buffer = new SharedArrayBuffer(4);
  const view = new Int32Array(buffer);
  return {
    buffer,
    open() {
      Atomics.store(view, 0, 1);
      Atomics.notify(view, 0);
    },
  };
}

export const gateWorkerFile = new URL('./gate-worker.ts', import.meta.url).pathname;
