import { useMutation, useQueryClient } from '@tanstack/react-query';

import { readNotificationRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';
import { notificationKeys } from './get-notifications.ts';

/** POST /api/me/notifications/{id}/read. */
export function markNotificationRead(id: string) {
  return call(readNotificationRoute, { params: { id } });
}

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
