import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiForm } from '../../../lib/api-client.ts';
import { notificationKeys } from './get-notifications.ts';

/** POST /api/me/notifications/{id}/read. */
export function markNotificationRead(id: string) {
  return apiForm<unknown>('POST', `/me/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
