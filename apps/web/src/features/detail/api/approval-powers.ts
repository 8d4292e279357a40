import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  addSignerRoute,
  returnTaskRoute,
  transferTaskRoute,
  urgeProcessRoute,
  type CallInput,
} from '@service-hall/contracts/lite';

import { newIdempotencyKey } from '../../../lib/http/api-client.ts';
import { call } from '../../../lib/http/call.ts';
import { invalidateAfterTask } from '../../actions/act-on-task.ts';

/**
 * The approval powers of the detail page (转办, 加签, 退回, 催办): one mutation each, an Idempotency-Key per click
 * (kept across the client's automatic retries), and the lists, counts and detail refreshed afterwards. 驳回 stays
 * the step's own reject action (features/actions/act-on-task.ts), with its required reason and confirmation.
 */
/** Which power's dialog is open. */
export type PowerMode = 'transfer' | 'addSigner' | 'return';

function usePower<I>(run: (input: I, idempotencyKey: string) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(input, newIdempotencyKey()),
    onSettled: () => invalidateAfterTask(qc),
  });
}

type Body<C extends Parameters<typeof call>[0]> = CallInput<C>['body'];

export const useTransferTask = () =>
  usePower(({ taskId, ...body }: { taskId: string } & Body<typeof transferTaskRoute>, idempotencyKey) =>
    call(transferTaskRoute, { params: { id: taskId }, body }, { idempotencyKey }),
  );

export const useAddSigner = () =>
  usePower(({ taskId, ...body }: { taskId: string } & Body<typeof addSignerRoute>, idempotencyKey) =>
    call(addSignerRoute, { params: { id: taskId }, body }, { idempotencyKey }),
  );

export const useReturnTask = () =>
  usePower(({ taskId, ...body }: { taskId: string } & Body<typeof returnTaskRoute>, idempotencyKey) =>
    call(returnTaskRoute, { params: { id: taskId }, body }, { idempotencyKey }),
  );

export const useUrgeProcess = () =>
  usePower((input: CallInput<typeof urgeProcessRoute>['params'], idempotencyKey) =>
    call(urgeProcessRoute, { params: input }, { idempotencyKey }),
  );
