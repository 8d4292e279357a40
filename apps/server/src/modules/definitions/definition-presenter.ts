import type { DefinitionView } from '@service-hall/contracts';
import type { ProcessDefinition } from '@service-hall/engine';

import type { Locale } from '../../i18n/messages.ts';

/** The apply form's view of a definition: schema and UI hints as stored, names in the request's language. */
export function presentDefinition(
  def: ProcessDefinition,
  app: { id: string; code: string; name: string; name_en: string },
  locale: Locale,
): DefinitionView {
  return {
    code: def.code,
    version: def.version,
    name: def.name[locale],
    description: def.description?.[locale] ?? '',
    app: { id: app.id, code: app.code, name: locale === 'en' && app.name_en ? app.name_en : app.name },
    form: {
      schema: def.form.schema,
      uiSchema: def.form.uiSchema ?? {},
      fieldLabels: def.form.fieldLabels,
      rules: def.form.rules ?? [],
    },
    labels: Object.fromEntries(Object.entries(def.form.fieldLabels).map(([k, v]) => [k, v[locale]])),
    steps: def.steps.map((s) => ({ id: s.id, name: s.name[locale] })),
  };
}
