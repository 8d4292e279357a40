import { Alert, Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FieldKind } from '@service-hall/engine/form';

import { addField, datePaths, fieldKeys, kindOf, moveField, removeField, type DesignerForm } from './designer-model.ts';
import { DesignerPreview } from './designer-preview.tsx';
import { FieldEditor } from './field-editor.tsx';
import { FieldList } from './field-list.tsx';
import { FieldPalette } from './field-palette.tsx';
import { readSettings, writeSettings } from './field-settings.ts';
import { formProblems, type FormProblem } from './form-problems.ts';

import '../../../../i18n/locales/lazy/formDesigner.ts';
import './form-designer.css';

export interface FormDesignerProps {
  /** The definition's `form`: {schema, uiSchema, fieldLabels, rules}. */
  value: DesignerForm;
  onChange: (form: DesignerForm) => void;
}

/**
 * The console's form designer: a palette of every field kind, the fields in order (drag or keys to reorder), the
 * chosen field's settings, what is still wrong (pointing at the field), and a live preview on desktop and phone.
 * Controlled: the page that hosts it owns the form (and publishing); `formProblems(form)` says whether it is ready.
 */
export function FormDesigner({ value, onChange }: FormDesignerProps) {
  const { t, i18n } = useTranslation('formDesigner');
  const lng = i18n.language === 'en' ? 'en' : 'zh';
  const [selected, setSelected] = useState<string | undefined>(() => fieldKeys(value)[0]);
  const problems = useMemo(() => formProblems(value), [value]);
  const keys = fieldKeys(value);
  const current = selected && keys.includes(selected) ? selected : undefined;
  const both = (key: string, opts?: Record<string, unknown>) => ({
    zh: i18n.getFixedT('zh', 'formDesigner')(key, opts),
    en: i18n.getFixedT('en', 'formDesigner')(key, opts),
  });
  const labelOf = (key: string) => value.fieldLabels[key]?.[lng] || key;
  const pathLabel = (path: string) => {
    const [field, part] = path.split('.');
    const base = labelOf(field!);
    return part ? `${base} · ${t(part === 'start' ? 'f.computedFrom' : 'f.computedTo')}` : base;
  };
  const wordProblem = (p: FormProblem) => t(`problem.${p.code}`, { detail: p.detail });

  const add = (kind: FieldKind) => {
    const kindName = both(`kind.${kind}`);
    const label = {
      zh: i18n.getFixedT('zh', 'formDesigner')('newLabel', { kind: kindName.zh }),
      en: i18n.getFixedT('en', 'formDesigner')('newLabel', { kind: kindName.en }),
    };
    const texts = { option: (n: number) => both('option', { n }), description: both('descriptionDefault') };
    const made = addField(value, kind, label, texts);
    onChange(made.form);
    setSelected(made.key);
  };
  const orderMessage = (from: string, to: string) => {
    const name = (path: string, l: 'zh' | 'en') => value.fieldLabels[path.split('.')[0]!]?.[l] ?? path;
    return {
      zh: i18n.getFixedT('zh', 'formDesigner')('orderMessage', { from: name(from, 'zh'), to: name(to, 'zh') }),
      en: i18n.getFixedT('en', 'formDesigner')('orderMessage', { from: name(from, 'en'), to: name(to, 'en') }),
    };
  };

  return (
    <div className="sh-fd" data-testid="form-designer">
      <div className="sh-fd-top">
        <FieldPalette onAdd={add} />
        <FieldList
          fields={keys.map((k) => ({
            key: k,
            label: labelOf(k),
            kind: kindOf(value, k),
            required: (value.schema.required ?? []).includes(k),
            hasProblem: problems.some((p) => p.field === k),
          }))}
          selected={current}
          onSelect={setSelected}
          onMove={(from, to) => onChange(moveField(value, from, to))}
          onRemove={(k) => onChange(removeField(value, k))}
        />
        <section className="sh-fd-settings" aria-labelledby="sh-fd-settings-title">
          <h3 id="sh-fd-settings-title" className="sh-fd-heading">
            {t('settings')}
          </h3>
          {current ? (
            <FieldEditor
              key={current}
              settings={readSettings(value, current)}
              dates={datePaths(value).map((p) => ({ value: p, label: pathLabel(p) }))}
              problems={problems.filter((p) => p.field === current).map(wordProblem)}
              keyTaken={(k) => keys.includes(k)}
              onChange={(s) => {
                onChange(writeSettings(value, current, s, orderMessage));
                if (s.key !== current) setSelected(s.key);
              }}
            />
          ) : (
            <Empty description={t('chooseField')} />
          )}
        </section>
      </div>
      <section className="sh-fd-problems" aria-labelledby="sh-fd-problems-title" data-testid="fd-problems">
        <h3 id="sh-fd-problems-title" className="sh-fd-heading">
          {t('problems')}
        </h3>
        {problems.length === 0 ? (
          <Alert type="success" showIcon message={t('noProblems')} />
        ) : (
          <ul className="sh-fd-problem-list">
            {problems.map((p, i) => (
              <li key={i}>
                {p.field ? (
                  <button
                    type="button"
                    className="sh-fd-link"
                    onClick={() => setSelected(p.field)}
                    data-testid={`fd-problem-${p.field}`}
                  >
                    {labelOf(p.field)}
                  </button>
                ) : null}
                {p.field ? t('sep') : ''}
                {wordProblem(p)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DesignerPreview form={value} />
    </div>
  );
}
