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

/**
 * A notification's text in the list: repeats from one sender within a minute are one notification (the server
 * merges them), which says how many more there were and names the latest process.
 */
export function notificationText(
  t: (key: string, options: Record<string, unknown>) => string,
  n: Pick<Notification, 'type' | 'process' | 'count'>,
): string {
  const text = t(notificationKey(n), { name: n.process.name });
  return n.count > 1 ? t('more', { text, count: n.count - 1 }) : text;
}
