import {
  closeExternalProcessRoute,
  putExternalCcRoute,
  putExternalProcessRoute,
  putExternalTaskRoute,
  rotateCallbackSecretRoute,
} from '@service-hall/contracts';

import { defineRoute } from '../../platform/define-route.ts';
import { closeExternalProcess, copyExternalProcess } from './close-external-process.ts';
import { callingSystem } from './integration-policy.ts';
import { putExternalProcess } from './put-external-process.ts';
import { putExternalTask } from './put-external-task.ts';
import { rotateCallbackSecret } from './rotate-callback-secret.ts';

/** The integration API: a system pushes its own processes, tasks and copies (docs/integration.md). */
export const integrationRoutes = [
  defineRoute(
    putExternalProcessRoute,
    (ctx) =>
      ({ user, params, body }) =>
        putExternalProcess(ctx, callingSystem(user), params.externalId, body),
  ),

  defineRoute(
    closeExternalProcessRoute,
    (ctx) =>
      ({ user, params, body }) =>
        closeExternalProcess(ctx, callingSystem(user), params.externalId, body.status),
  ),

  defineRoute(
    putExternalCcRoute,
    (ctx) =>
      ({ user, params, body }) =>
        copyExternalProcess(ctx, callingSystem(user), params.externalId, body.users),
  ),

  defineRoute(
    putExternalTaskRoute,
    (ctx) =>
      ({ user, params, body }) =>
        putExternalTask(ctx, callingSystem(user), params.externalId, body),
  ),

  defineRoute(
    rotateCallbackSecretRoute,
    (ctx) =>
      ({ user }) =>
        rotateCallbackSecret(ctx, callingSystem(user)),
  ),
];
