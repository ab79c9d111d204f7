import { adminTasks } from './features/admin/tasks';
import { boardTasks } from './features/boards/tasks';
import { paymentTasks } from './features/payments/tasks';
import type { TaskMessage } from './platform/workers/pool';

/**
 * The worker threads' entry (platform/workers runs it in a piscina pool; the build emits it as
 * dist/server/worker.js beside main.js). It loads each feature's tasks module, which holds only pure CPU work
 * (PDFs, QR codes, CSV), never a feature's routes, services or database code.
 */
export const tasks = { ...boardTasks, ...paymentTasks, ...adminTasks };
export type Tasks = typeof tasks;

const isTask = (name: string): name is keyof Tasks => Object.hasOwn(tasks, name);

export default async function runTask({ task, input }: TaskMessage): Promise<unknown> {
  if (!isTask(task)) throw new Error(`No worker task named ${task}`);
  return (tasks[task] as (input: unknown) => unknown)(input);
}
