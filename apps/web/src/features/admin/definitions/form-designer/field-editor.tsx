import { Alert, Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { FieldSettings } from './field-settings.ts';
import { OptionList } from './option-list.tsx';

interface Props {
  settings: FieldSettings;
  onChange: (s: FieldSettings) => void;
  /** Date paths a computed field or a "not before" rule may read, with their names. */
  dates: Array<{ value: string; label: string }>;
  /** Problems of this field, already worded. */
  problems: string[];
  keyTaken: (key: string) => boolean;
}

const UNITS = ['CNY', 'USD', 'EUR', 'HKD'];

/** A labelled control of the editor (label tied to its input by id, as screen readers need). */
function Item({ id, label, help, children }: { id: string; label: string; help?: string; children: ReactNode }) {
  return (
    <Form.Item label={label} htmlFor={id} help={help} className="sh-fd-item">
      {children}
    </Form.Item>
  );
}

/** The selected field's settings: key, labels, required and the rules of its kind. */
export function FieldEditor({ settings: s, onChange, dates, problems, keyTaken }: Props) {
  const { t } = useTranslation('formDesigner');
  const [key, setKey] = useState(s.key);
  useEffect(() => setKey(s.key), [s.key]);
  const set = (patch: Partial<FieldSettings>) => onChange({ ...s, ...patch });
  // The key is committed when the administrator leaves the box, so a half-typed key never renames rules.
  const commitKey = () => {
    const k = key.trim();
    if (k && k !== s.key && !keyTaken(k)) set({ key: k });
    else setKey(s.key);
  };
  const number = (name: keyof FieldSettings, label: string) => (
    <Item id={`fd-${name}`} label={label}>
      <InputNumber
        id={`fd-${name}`}
        value={(s[name] as number | undefined) ?? null}
        onChange={(v) => set({ [name]: v ?? undefined })}
        data-testid={`fd-${name}`}
      />
    </Item>
  );
  const kind = s.kind;
  return (
    <Form layout="vertical" size="small" className="sh-fd-editor" data-testid="fd-editor" component="div">
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="sh-fd-editor-alert"
          message={problems.join('；')}
          data-testid="fd-editor-problems"
        />
      )}
      <Item id="fd-key" label={t('f.key')} help={t('f.keyHelp')}>
        <Input
          id="fd-key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onBlur={commitKey}
          onPressEnter={commitKey}
          data-testid="fd-key"
        />
      </Item>
      <Item id="fd-label-zh" label={t('f.labelZh')}>
        <Input
          id="fd-label-zh"
          value={s.label.zh}
          onChange={(e) => set({ label: { ...s.label, zh: e.target.value } })}
          data-testid="fd-label-zh"
        />
      </Item>
      <Item id="fd-label-en" label={t('f.labelEn')}>
        <Input
          id="fd-label-en"
          value={s.label.en}
          onChange={(e) => set({ label: { ...s.label, en: e.target.value } })}
          data-testid="fd-label-en"
        />
      </Item>
      {kind !== 'description' && (
        <Checkbox checked={s.required} onChange={(e) => set({ required: e.target.checked })} data-testid="fd-required">
          {t('f.required')}
        </Checkbox>
      )}
      {(kind === 'text' || kind === 'textarea') && (
        <>
          {number('minLength', t('f.minLength'))}
          {number('maxLength', t('f.maxLength'))}
          <Item id="fd-pattern" label={t('f.pattern')}>
            <Input
              id="fd-pattern"
              value={s.pattern ?? ''}
              onChange={(e) => set({ pattern: e.target.value || undefined })}
              data-testid="fd-pattern"
            />
          </Item>
        </>
      )}
      {(kind === 'number' || kind === 'money') && (
        <>
          {number('minimum', t('f.minimum'))}
          {number('maximum', t('f.maximum'))}
        </>
      )}
      {kind === 'money' && (
        <Item id="fd-unit" label={t('f.unit')}>
          <Select
            id="fd-unit"
            value={s.unit}
            onChange={(unit: string) => set({ unit })}
            data-testid="fd-unit"
            options={UNITS.map((u) => ({ value: u, label: u }))}
          />
        </Item>
      )}
      {(kind === 'select' || kind === 'multiSelect') && (
        <OptionList options={s.options ?? []} onChange={(options) => set({ options })} />
      )}
      {kind === 'multiSelect' && (
        <>
          {number('minItems', t('f.minItems'))}
          {number('maxItems', t('f.maxItems'))}
        </>
      )}
      {kind === 'date' && (
        <Item id="fd-not-before" label={t('f.notBefore')}>
          <Select
            id="fd-not-before"
            allowClear
            value={s.notBefore}
            placeholder={t('f.none')}
            onChange={(v?: string) => set({ notBefore: v })}
            options={dates.filter((d) => d.value !== s.key)}
            data-testid="fd-not-before"
          />
        </Item>
      )}
      {kind === 'computed' && (
        <>
          <Item id="fd-computed-from" label={t('f.computedFrom')} help={t('f.computedHelp')}>
            <Select
              id="fd-computed-from"
              value={s.computedFrom || undefined}
              onChange={(v: string) => set({ computedFrom: v })}
              options={dates}
              data-testid="fd-computed-from"
            />
          </Item>
          <Item id="fd-computed-to" label={t('f.computedTo')}>
            <Select
              id="fd-computed-to"
              value={s.computedTo || undefined}
              onChange={(v: string) => set({ computedTo: v })}
              options={dates}
              data-testid="fd-computed-to"
            />
          </Item>
          <Item id="fd-weekends" label={t('f.excludeWeekends')}>
            <Switch
              id="fd-weekends"
              checked={!!s.excludeWeekends}
              onChange={(v) => set({ excludeWeekends: v })}
              data-testid="fd-weekends"
            />
          </Item>
        </>
      )}
      {kind === 'description' && (
        <>
          <Item id="fd-text-zh" label={t('f.textZh')}>
            <Input.TextArea
              id="fd-text-zh"
              rows={3}
              value={s.text?.zh ?? ''}
              onChange={(e) => set({ text: { zh: e.target.value, en: s.text?.en ?? '' } })}
              data-testid="fd-text-zh"
            />
          </Item>
          <Item id="fd-text-en" label={t('f.textEn')}>
            <Input.TextArea
              id="fd-text-en"
              rows={3}
              value={s.text?.en ?? ''}
              onChange={(e) => set({ text: { zh: s.text?.zh ?? '', en: e.target.value } })}
              data-testid="fd-text-en"
            />
          </Item>
        </>
      )}
      {kind === 'attachment' && (
        <>
          <Item id="fd-accept" label={t('f.accept')} help={t('f.acceptHelp')}>
            <Input
              id="fd-accept"
              value={s.accept ?? ''}
              onChange={(e) => set({ accept: e.target.value || undefined })}
              data-testid="fd-accept"
            />
          </Item>
          {number('maxSizeMb', t('f.maxSizeMb'))}
          {number('maxItems', t('f.maxItems'))}
        </>
      )}
    </Form>
  );
}
