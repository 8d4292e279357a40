import type { Notification } from '@service-hall/contracts';

/**
 * The i18n key of a notification's text. A finished process may have been completed, rejected or withdrawn, and
 * each says so: "已办结" on a rejected leave would read as granted.
 */
export function notificationKey(n: Pick<Notification, 'type' | 'process'>): string {
  if (n.type === 'process.finished' && (n.process.status === 'rejected' || n.process.status === 'withdrawn')) {
    return `outcome.${n.process.status}`;
  }
  return `type.${n.type}`;
}
