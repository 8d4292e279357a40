import { isEngineError } from '@service-hall/engine';

import { AppError } from '../../platform/app-error.ts';
import { powersMessages as P } from '../tasks/powers-messages.ts';

/** When an urge may be repeated, as the message shows it (UTC+8, the institution's clock, like serial numbers). */
function retryTime(details: unknown): string {
  const at = (details as { retryAt?: number } | undefined)?.retryAt;
  if (typeof at !== 'number') return '';
  return new Date((at + 8 * 3600) * 1000).toISOString().slice(11, 16);
}

/**
 * Maps the engine's error codes to API errors with stable ecodes; anything else is rethrown untouched (a 500).
 * Refusals of the approval powers have ecodes of their own, so a client can tell them apart (docs/product.md §10).
 */
export function mapEngineError(error: unknown): never {
  if (!isEngineError(error)) throw error;
  switch (error.code) {
    case 'TASK_NOT_OPEN':
      throw new AppError('TASK_ALREADY_HANDLED');
    case 'ACTION_NOT_OFFERED':
      throw new AppError('VALIDATION_FAILED', 'ACTION_NOT_OFFERED', {}, [
        { field: 'actionId', message: error.message },
      ]);
    case 'REMARK_REQUIRED':
      throw new AppError('VALIDATION_FAILED', 'REMARK_REQUIRED', {}, [{ field: 'remark', message: error.message }]);
    case 'NO_ASSIGNEE':
      throw new AppError('CONFLICT', 'NO_ASSIGNEE');
    case 'CANNOT_WITHDRAW':
      throw new AppError('CONFLICT', 'CANNOT_WITHDRAW');
    case 'PROCESS_NOT_RUNNING':
      throw new AppError('CONFLICT', 'PROCESS_NOT_RUNNING');
    case 'NOT_STARTER':
      throw new AppError('FORBIDDEN', 'NOT_STARTER');
    case 'REASON_REQUIRED':
      throw new AppError('REASON_REQUIRED', P.POWER_REASON_REQUIRED, {}, [{ field: 'reason', message: error.message }]);
    case 'TRANSFER_TO_SELF':
      throw new AppError('TRANSFER_TO_SELF', P.TRANSFER_TO_SELF, {}, [{ field: 'toUserId', message: error.message }]);
    case 'NOT_EARLIER_STEP':
      throw new AppError('NOT_EARLIER_STEP', P.NOT_EARLIER_STEP, {}, [{ field: 'stepId', message: error.message }]);
    case 'ALREADY_ASSIGNED':
      throw new AppError('ALREADY_ASSIGNED', P.ALREADY_ASSIGNED);
    case 'ALREADY_SIGNED':
      throw new AppError('ALREADY_SIGNED', P.ALREADY_SIGNED);
    case 'RETURN_FROM_COUNTERSIGN':
      throw new AppError('RETURN_FROM_COUNTERSIGN', P.RETURN_FROM_COUNTERSIGN);
    case 'URGED_RECENTLY':
      throw new AppError('URGED_RECENTLY', P.URGED_RECENTLY, { time: retryTime(error.details) });
    default:
      throw error;
  }
}
