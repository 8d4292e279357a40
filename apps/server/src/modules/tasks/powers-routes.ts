import {
  addSignerRoute,
  rejectTaskRoute,
  returnTaskRoute,
  transferTaskRoute,
  urgeProcessRoute,
} from '@service-hall/contracts';
import { addSigner, reject, returnTo, transfer } from '@service-hall/engine';

import { defineRoute } from '../../platform/define-route.ts';
import { urgeProcess } from '../processes/urge-process.ts';
import { runTaskPower } from './task-power.ts';

/** Approval powers: 转办, 加签, 退回, 驳回 on one's open task (task-power.ts) and 催办 on one's own process. */
export const powersRoutes = [
  defineRoute(transferTaskRoute, (ctx) => ({ user, params, body, locale }, onCommit) => {
    const now = ctx.now();
    return runTaskPower(
      ctx,
      user,
      {
        taskId: params.id,
        now,
        locale,
        onCommit,
        power: 'transfer',
        remark: body.reason.trim(),
        newHolder: { field: 'toUserId', userId: body.toUserId },
      },
      (def, state, who) =>
        transfer(def, state, { taskId: params.id, ...who, toUserId: body.toUserId, reason: body.reason, now }),
    );
  }),

  defineRoute(addSignerRoute, (ctx) => ({ user, params, body, locale }, onCommit) => {
    const now = ctx.now();
    return runTaskPower(
      ctx,
      user,
      {
        taskId: params.id,
        now,
        locale,
        onCommit,
        power: 'sign-before',
        remark: body.remark.trim(),
        newHolder: { field: 'signerId', userId: body.signerId },
      },
      (def, state, who) =>
        addSigner(def, state, {
          taskId: params.id,
          ...who,
          signerId: body.signerId,
          position: body.position,
          remark: body.remark.trim(),
          now,
        }),
    );
  }),

  defineRoute(returnTaskRoute, (ctx) => ({ user, params, body, locale }, onCommit) => {
    const now = ctx.now();
    return runTaskPower(
      ctx,
      user,
      { taskId: params.id, now, locale, onCommit, power: 'return', remark: body.reason.trim() },
      (def, state, who, directory) =>
        returnTo(def, state, { taskId: params.id, ...who, stepId: body.stepId, reason: body.reason, now, directory }),
    );
  }),

  defineRoute(rejectTaskRoute, (ctx) => ({ user, params, body, locale }, onCommit) => {
    const now = ctx.now();
    return runTaskPower(
      ctx,
      user,
      { taskId: params.id, now, locale, onCommit, power: 'return', remark: body.reason.trim() },
      (def, state, who, directory) =>
        reject(def, state, { taskId: params.id, ...who, reason: body.reason, now, directory }),
    );
  }),

  defineRoute(
    urgeProcessRoute,
    (ctx) =>
      ({ user, params, locale }, onCommit) =>
        urgeProcess(ctx, user, { processId: params.id, now: ctx.now(), locale, onCommit }),
  ),
];
