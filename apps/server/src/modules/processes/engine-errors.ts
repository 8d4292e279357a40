import { isEngineError } from '@service-hall/engine';
import { AppError } from '../../platform/app-error.ts';
import './processes-messages.ts';

/** Maps the engine's error codes to API errors; anything else is rethrown untouched (a 500). */
export function mapEngineError(error: unknown): never {
  if (!isEngineError(error)) throw error;
  switch (error.code) {
    case 'TASK_NOT_OPEN': throw new AppError('TASK_ALREADY_HANDLED');
    case 'ACTION_NOT_OFFERED':
      throw new AppError('VALIDATION_FAILED', 'ACTION_NOT_OFFERED', {}, [{ field: 'actionId', message: error.message }]);
    case 'REMARK_REQUIRED':
      throw new AppError('VALIDATION_FAILED', 'REMARK_REQUIRED', {}, [{ field: 'remark', message: error.message }]);
    case 'NO_ASSIGNEE': throw new AppError('CONFLICT', 'NO_ASSIGNEE');
    case 'CANNOT_WITHDRAW': throw new AppError('CONFLICT', 'CANNOT_WITHDRAW');
    case 'PROCESS_NOT_RUNNING': throw new AppError('CONFLICT', 'PROCESS_NOT_RUNNING');
    case 'NOT_STARTER': throw new AppError('FORBIDDEN', 'NOT_STARTER');
    default: throw error;
  }
}
