import { Button, Form, Input, Popconfirm, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AssigneeRule, DefinitionIssue } from '@service-hall/engine';

import { AssigneeEditor } from './assignee-editor.tsx';
import { FieldPermissions } from './field-permissions.tsx';
import { setFieldPermission, setForwardRoute } from './flow-edit.ts';
import { forwardActionIndex, type FlowModel, type FlowNode } from './flow-model.ts';
import { pickText } from './node-summary.ts';
import { RouteEditor } from './route-editor.tsx';

/** The settings of the selected node: name, assignee rule, mode, when nobody is found, where it goes, field permissions. */
export function NodePanel({
  model,
  node,
  onChange,
  onDelete,
  issues,
}: {
  model: FlowModel;
  node: FlowNode;
  onChange: (node: FlowNode) => void;
  onDelete: () => void;
  issues: DefinitionIssue[];
}) {
  const { t, i18n } = useTranslation('definitions');
  const lang = i18n.language;
  const props = model.rest.form.schema.properties;
  const fields = Object.keys(props).map((f) => ({
    value: f,
    label: pickText(model.rest.form.fieldLabels[f], lang) || f,
    numeric: props[f]?.type === 'number' || props[f]?.type === 'integer',
  }));
  const isCc = node.kind === 'cc';
  const nobody = node.whenNobody ?? { action: 'refuse' as const };
  const forward = node.actions[forwardActionIndex(node)]?.route ?? { kind: 'ending' as const, ending: 'end' as const };
  return (
    <Form layout="vertical" className="sh-node-panel" data-testid="node-panel">
      <h2>{pickText(node.name, lang)}</h2>
      {issues
        .filter((x) => x.stepId === node.id)
        .map((x, i) => (
          <p key={i} className="sh-flow-issue" role="alert">
            {pickText(x.message, lang)}
          </p>
        ))}
      <Form.Item label={t('nameZh')} htmlFor="node-name-zh">
        <Input
          id="node-name-zh"
          value={node.name.zh}
          onChange={(e) => onChange({ ...node, name: { ...node.name, zh: e.target.value } })}
          data-testid="node-name-zh"
        />
      </Form.Item>
      <Form.Item label={t('nameEn')} htmlFor="node-name-en">
        <Input
          id="node-name-en"
          value={node.name.en}
          onChange={(e) => onChange({ ...node, name: { ...node.name, en: e.target.value } })}
          data-testid="node-name-en"
        />
      </Form.Item>
      <Form.Item label={t('assignee.label')}>
        <AssigneeEditor
          value={node.assignee}
          onChange={(assignee) => onChange({ ...node, assignee })}
          fields={fields}
          label={t('assignee.label')}
          testId="node-assignee"
        />
      </Form.Item>
      {!isCc && (
        <Form.Item label={t('mode.label')}>
          <Radio.Group
            value={node.mode}
            onChange={(e) => onChange({ ...node, mode: e.target.value as 'any' | 'all' })}
            options={[
              { value: 'any', label: t('mode.any') },
              { value: 'all', label: t('mode.all') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item label={t('whenNobody.label')}>
        <Select
          value={nobody.action}
          aria-label={t('whenNobody.label')}
          data-testid="node-when-nobody"
          options={(['refuse', 'skip', 'assign'] as const).map((a) => ({ value: a, label: t(`whenNobody.${a}`) }))}
          onChange={(action: 'refuse' | 'skip' | 'assign') => {
            const { whenNobody: _old, ...rest } = node;
            if (action === 'refuse') onChange(rest);
            else if (action === 'skip') onChange({ ...rest, whenNobody: { action } });
            else onChange({ ...rest, whenNobody: { action, assignee: { type: 'user', account: '' } } });
          }}
        />
        {nobody.action === 'assign' && (
          <div style={{ marginTop: 8 }}>
            <AssigneeEditor
              value={nobody.assignee}
              fields={fields}
              label={t('whenNobody.assign')}
              testId="node-fallback"
              onChange={(assignee: AssigneeRule) => onChange({ ...node, whenNobody: { action: 'assign', assignee } })}
            />
          </div>
        )}
      </Form.Item>
      <Form.Item label={t('route.label')}>
        <RouteEditor
          model={model}
          nodeId={node.id}
          value={forward}
          fields={fields}
          onChange={(route) => onChange(setForwardRoute(node, route))}
        />
      </Form.Item>
      {!isCc && (
        <Form.Item label={t('fields.label')}>
          <FieldPermissions
            fields={fields}
            value={node.fields}
            onChange={(field, p) => onChange(setFieldPermission(node, field, p))}
          />
        </Form.Item>
      )}
      <Popconfirm title={t('node.deleteConfirm', { name: pickText(node.name, lang) })} onConfirm={onDelete}>
        <Button danger data-testid="node-delete">
          {t('node.delete')}
        </Button>
      </Popconfirm>
    </Form>
  );
}
