import type { Task } from '@service-hall/contracts';
import type { ProcessDefinition } from '@service-hall/engine';

import type { Locale } from '../../i18n/messages.ts';
import {
  named,
  presentActions,
  presentAppRef,
  presentOwner,
  presentSystemRef,
  processName,
  taskName,
  type ProcessListRow,
  type TaskRow,
  type UserNames,
} from '../processes/process-presenter.ts';

/** A to-do row (contracts Task); `entruster` is set when the task is in the list through a delegation. */
export function presentTask(
  t: Pick<TaskRow, 'id' | 'name' | 'step_id' | 'assign_time' | 'uri' | 'action_name' | 'actions'>,
  p: ProcessListRow,
  def: ProcessDefinition | undefined,
  locale: Locale,
  entruster: { id: string; users: UserNames } | null,
): Task {
  const task: Task = {
    id: t.id,
    name: taskName(def, t, locale),
    assignTime: t.assign_time,
    uri: t.uri,
    actionName: t.action_name,
    actions: presentActions(t.actions, locale),
    process: {
      id: p.id,
      name: processName(p, locale),
      uri: p.uri,
      tags: locale === 'en' && p.app_tags_en ? p.app_tags_en : p.tags,
      entry: p.entry,
      owner: presentOwner(p, locale),
      app: presentAppRef(p, locale),
      system: presentSystemRef(p, locale),
    },
  };
  if (entruster) task.entruster = named(entruster.users, entruster.id, locale)!;
  return task;
}
