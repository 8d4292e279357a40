import { Alert, Form, Input, InputNumber, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { simulatePath } from '@service-hall/engine';

import { FlowDesigner } from './flow/flow-designer.tsx';
import { toDefinition, type FlowModel } from './flow/flow-model.ts';
import { pickText } from './flow/node-summary.ts';

/** A sample form (plain inputs by JSON type) and the path the flow takes with it, highlighted on the flow. */
export function SimulateTab({ model }: { model: FlowModel }) {
  const { t, i18n } = useTranslation('definitions');
  const [data, setData] = useState<Record<string, unknown>>({});
  const props = model.rest.form.schema.properties;
  const result = useMemo(
    () => (model.nodes.length > 0 ? simulatePath(toDefinition(model), data) : null),
    [model, data],
  );
  const set = (field: string, v: unknown) => setData((d) => ({ ...d, [field]: v }));
  return (
    <div className="sh-definition-split">
      <Form layout="vertical" className="sh-node-panel" data-testid="simulate-form">
        <Alert type="info" message={t('simulate.hint')} style={{ marginBottom: 12 }} />
        {/* Conditions compare top-level values: objects (a date range) and lists (attachments) take no part. */}
        {Object.entries(props)
          .filter(([, schema]) => schema.type !== 'object' && schema.type !== 'array')
          .map(([field, schema]) => {
            const label = pickText(model.rest.form.fieldLabels[field], i18n.language) || field;
            const type = schema.type;
            return (
              <Form.Item key={field} label={label} htmlFor={`sim-${field}`}>
                {type === 'number' || type === 'integer' ? (
                  <InputNumber
                    id={`sim-${field}`}
                    value={data[field] as number | undefined}
                    onChange={(v) => set(field, v ?? undefined)}
                    data-testid={`simulate-${field}`}
                  />
                ) : type === 'boolean' ? (
                  <Switch id={`sim-${field}`} checked={data[field] === true} onChange={(v) => set(field, v)} />
                ) : (
                  <Input
                    id={`sim-${field}`}
                    value={typeof data[field] === 'string' ? (data[field] as string) : ''}
                    onChange={(e) => set(field, e.target.value)}
                    data-testid={`simulate-${field}`}
                  />
                )}
              </Form.Item>
            );
          })}
      </Form>
      <div>
        {result && (
          <p data-testid="simulate-result">
            {t('simulate.path')}:{' '}
            {result.steps.map((id) => pickText(model.nodes.find((n) => n.id === id)?.name, i18n.language)).join(' → ')}{' '}
            <Tag color={result.ending === 'end' ? 'green' : 'red'}>{t(`simulate.ending.${result.ending}`)}</Tag>
          </p>
        )}
        <FlowDesigner model={model} issues={[]} highlight={new Set(result?.steps ?? [])} />
      </div>
    </div>
  );
}
