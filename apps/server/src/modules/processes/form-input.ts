import { fillComputed, jsonDeeperThan, validateFormData, type ProcessDefinition } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import { MAX_JSON_DEPTH, tooDeep } from '../../platform/json-depth.ts';
import { resolveAttachments } from '../attachments/attach-to-process.ts';

/**
 * Form data as a start or a resubmission sends it (JSON text), made ready to store: parsed, its attachment
 * references replaced by what was stored for them (modules/attachments), computed fields the client left out filled
 * in (an API client need not count the days itself), then validated by the engine's one form validator. Returns
 * the data and the uploads still to attach to the process.
 */
export async function formInput(
  db: Db,
  def: ProcessDefinition,
  text: string,
  locale: Locale,
  attach: { ownerId: string; appId: string; processId: string | null },
): Promise<{ data: Record<string, unknown>; attachmentIds: string[] }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'DATA_NOT_JSON', {}, [{ field: 'data', message: 'not JSON' }]);
  }
  // The data is JSON inside a field, so the body parser's depth bound never saw it.
  if (jsonDeeperThan(parsed, MAX_JSON_DEPTH)) throw tooDeep('data');
  const resolved = await resolveAttachments(db, def, parsed, { id: attach.ownerId }, attach.appId, attach.processId);
  const data = fillComputed(def.form, resolved.data);
  const problems = validateFormData(def, data);
  if (problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'FORM_INVALID',
      {},
      problems.map((p) => ({ field: p.field, message: p.message[locale] })),
    );
  }
  return { data: data as Record<string, unknown>, attachmentIds: resolved.ids };
}
