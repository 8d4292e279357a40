import type { Task } from '@service-hall/contracts';

/**
 * The app, and the system it belongs to when it is another system's (`system.name` is empty for ours), so a member
 * knows where an external item's link and decision lead. Shared by both layouts; kept out of the desktop table so
 * the phone's chunk does not pull in antd.
 */
export const appAndSystem = (task: Task) =>
  task.process.system.name ? `${task.process.app.name} · ${task.process.system.name}` : task.process.app.name;
