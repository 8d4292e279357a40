import { Alert, Button, Input, Space, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { validateDefinition, type DefinitionIssue, type ProcessDefinition } from '@service-hall/engine';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { newIdempotencyKey } from '../../../lib/http/api-client.ts';
import { ApiError, errorText } from '../../../lib/http/api-error.ts';
import { usePublishDefinition } from '../api/definitions.ts';
import { downloadJson, dropDraft, saveDraft } from './definition-drafts.ts';
import { issuesFromServer } from './definition-issues.ts';
import { FlowDesigner } from './flow/flow-designer.tsx';
import { deleteNode, updateNode } from './flow/flow-edit.ts';
import { toDefinition, toFlowModel, type FlowModel } from './flow/flow-model.ts';
import { NodePanel } from './flow/node-panel.tsx';
import { pickText } from './flow/node-summary.ts';
import { FormDesigner } from './form-designer-slot.ts';
import { JsonTab } from './json-tab.tsx';
import { SimulateTab } from './simulate-tab.tsx';

/**
 * Designs one definition: Form | Flow | Simulate (| JSON) tabs over one model, the engine's publish check live on
 * every change, the server's on Check and Publish; problems show on their node and above the tabs. The draft is
 * saved in this browser as it changes.
 */
export function DefinitionEditor({
  start,
  isNew,
  onClose,
}: {
  start: ProcessDefinition;
  isNew: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('definitions');
  const { message } = useAppMessage();
  const [model, setModel] = useState<FlowModel>(() => toFlowModel(start));
  const [selected, setSelected] = useState<string | null>(start.steps[0]?.id ?? null);
  const [serverIssues, setServerIssues] = useState<DefinitionIssue[]>([]);
  const [tab, setTab] = useState('flow');
  const publish = usePublishDefinition();
  const definition = useMemo(() => toDefinition(model), [model]);
  const liveIssues = useMemo(() => validateDefinition(definition).issues, [definition]);
  const issues = serverIssues.length > 0 ? serverIssues : liveIssues;
  const lang = i18n.language;
  useEffect(() => {
    saveDraft(definition);
  }, [definition]);
  const change = (next: FlowModel) => {
    setModel(next);
    setServerIssues([]);
  };
  const node = model.nodes.find((n) => n.id === selected) ?? null;

  const send = async (dryRun: boolean) => {
    try {
      const r = await publish.mutateAsync({
        definition: definition as unknown as Record<string, unknown>,
        dryRun,
        idempotencyKey: newIdempotencyKey(),
      });
      if (dryRun) message.success(t('checkOk', { version: r.version }));
      else if (r.unchanged) message.info(t('unchanged'));
      else {
        message.success(t('publishedOk', { version: r.version }));
        dropDraft(definition.code);
        onClose();
      }
    } catch (err) {
      if (err instanceof ApiError && err.details.length > 0) setServerIssues(issuesFromServer(err.details, definition));
      message.error(errorText(err));
    }
  };
  const formIssues = issues.filter((x) => !x.stepId);
  const title = t('editorTitle', { name: pickText(model.rest.name, lang) || model.rest.code });
  return (
    <section className="sh-definition-editor" data-testid="definition-editor" aria-label={title}>
      <div className="sh-definition-editor-head">
        <h2>{title}</h2>
        <Space wrap>
          <Button
            onClick={() => downloadJson(definition, `${definition.code || 'definition'}.json`)}
            data-testid="editor-export"
          >
            {t('export')}
          </Button>
          <Button
            onClick={() => {
              dropDraft(definition.code);
              onClose();
            }}
          >
            {t('discard')}
          </Button>
          <Button onClick={() => void send(true)} loading={publish.isPending} data-testid="editor-check">
            {t('check')}
          </Button>
          <Button
            type="primary"
            onClick={() => void send(false)}
            loading={publish.isPending}
            data-testid="editor-publish"
          >
            {t('publish')}
          </Button>
          <Button onClick={onClose} data-testid="editor-close">
            {t('close')}
          </Button>
        </Space>
      </div>
      <div className="sh-definition-meta">
        <label>
          {t('code')}
          <Input
            value={model.rest.code}
            disabled={!isNew}
            data-testid="editor-code"
            onChange={(e) => change({ ...model, rest: { ...model.rest, code: e.target.value.trim() } })}
          />
        </label>
        <label>
          {t('nameZh')}
          <Input
            value={model.rest.name.zh}
            data-testid="editor-name-zh"
            onChange={(e) =>
              change({ ...model, rest: { ...model.rest, name: { ...model.rest.name, zh: e.target.value } } })
            }
          />
        </label>
        <label>
          {t('nameEn')}
          <Input
            value={model.rest.name.en}
            data-testid="editor-name-en"
            onChange={(e) =>
              change({ ...model, rest: { ...model.rest, name: { ...model.rest.name, en: e.target.value } } })
            }
          />
        </label>
      </div>
      {issues.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ margin: '12px 0' }}
          data-testid="editor-issues"
          message={t('issues', { count: issues.length })}
          description={
            <ul className="sh-issue-list">
              {issues.map((x, i) => (
                <li key={i}>
                  {x.stepId && (
                    <button
                      type="button"
                      className="sh-link-button"
                      onClick={() => {
                        setTab('flow');
                        setSelected(x.stepId!);
                      }}
                    >
                      {pickText(model.nodes.find((n) => n.id === x.stepId)?.name, lang) || x.stepId}
                    </button>
                  )}
                  {x.stepId ? '：' : ''}
                  {pickText(x.message, lang)}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyInactiveTabPane
        items={[
          {
            key: 'form',
            label: t('tabs.form'),
            children: (
              <>
                {formIssues.length > 0 && (
                  <Alert
                    type="error"
                    message={t('formIssues')}
                    description={formIssues.map((x) => pickText(x.message, lang)).join('；')}
                    style={{ marginBottom: 12 }}
                  />
                )}
                <FormDesigner
                  value={model.rest.form}
                  onChange={(form) => change({ ...model, rest: { ...model.rest, form } })}
                />
              </>
            ),
          },
          {
            key: 'flow',
            label: t('tabs.flow'),
            children: (
              <div className="sh-definition-split">
                <FlowDesigner
                  model={model}
                  onChange={change}
                  selected={selected}
                  onSelect={setSelected}
                  issues={issues}
                />
                {node && (
                  <NodePanel
                    key={node.id}
                    model={model}
                    node={node}
                    issues={issues}
                    onChange={(n) => change(updateNode(model, node.id, () => n))}
                    onDelete={() => {
                      change(deleteNode(model, node.id));
                      setSelected(null);
                    }}
                  />
                )}
              </div>
            ),
          },
          { key: 'simulate', label: t('tabs.simulate'), children: <SimulateTab model={model} /> },
          {
            key: 'json',
            label: t('tabs.json'),
            children: <JsonTab value={definition} onChange={(def) => change(toFlowModel(def))} />,
          },
        ]}
      />
    </section>
  );
}
