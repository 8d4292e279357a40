import type { JsonSchema, ProcessDefinition } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { latestDefinition } from '../definitions/definitions-repository.ts';
import { processesMessages } from '../processes/processes-messages.ts';
import { findStartableApp } from '../processes/startable-app.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';

/** The attachment fields of a form, by name. */
export function attachmentFields(def: ProcessDefinition): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(def.form.schema.properties).filter(([, s]) => s['x-kind'] === 'attachment'));
}

/** The app, its newest definition and the attachment field an upload is for; refused when there is no such field. */
export async function uploadTarget(db: Db, code: string, field: string) {
  const app = await findStartableApp(db, code);
  const def = app?.definition_code ? await latestDefinition(db, app.definition_code) : undefined;
  if (!app || !def) throw new AppError('NOT_FOUND', processesMessages.APP_NOT_FOUND);
  const schema = Object.hasOwn(attachmentFields(def), field) ? attachmentFields(def)[field] : undefined;
  if (!schema) {
    throw new AppError('VALIDATION_FAILED', M.ATTACHMENT_FIELD_UNKNOWN, {}, [
      { field: 'field', in: 'query', message: 'not an attachment field of this form' },
    ]);
  }
  return { app, def, schema, label: def.form.fieldLabels[field] ?? { zh: field, en: field } };
}
