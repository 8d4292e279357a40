import { Button, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import type { DefinitionSummary } from '@service-hall/contracts';
import type { ProcessDefinition } from '@service-hall/engine';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { fetchDefinitionJson, useDefinitions } from '../api/definitions.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { downloadJson, loadDraft } from './definition-drafts.ts';
import { DefinitionEditor } from './definition-editor.tsx';
import { DefinitionVersions } from './definition-versions.tsx';
import { NewDefinitionDialog } from './new-definition-dialog.tsx';

import '../../../i18n/locales/lazy/definitions.ts';
import './definitions.css';

type Summary = z.infer<typeof DefinitionSummary>;

/**
 * /workflow/admin/definitions: the flows of the apps the caller administers (a system administrator: all), their
 * versions and running processes; new (blank or a template), edit, import and export JSON, publish.
 */
export default function DefinitionsPage() {
  const { t } = useTranslation('definitions');
  const { t: nav } = useTranslation('admin');
  const { message } = useAppMessage();
  const list = useDefinitions();
  const [editing, setEditing] = useState<{ def: ProcessDefinition; isNew: boolean } | null>(null);
  const [creating, setCreating] = useState(false);

  const edit = async (code: string, version: number, preferDraft: boolean) => {
    const draft = preferDraft ? loadDraft(code) : null;
    try {
      setEditing({
        def: draft ?? ((await fetchDefinitionJson(code, version)) as unknown as ProcessDefinition),
        isNew: false,
      });
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const exportVersion = async (code: string, version: number) => {
    try {
      downloadJson(await fetchDefinitionJson(code, version), `${code}-v${version}.json`);
    } catch (err) {
      message.error(errorText(err));
    }
  };
  const importFile = async (file: File) => {
    try {
      const def = JSON.parse(await file.text()) as ProcessDefinition;
      if (typeof def?.code !== 'string' || !Array.isArray(def.steps) || typeof def.form !== 'object')
        throw new Error('shape');
      const known = list.data?.entities.some((d) => d.code === def.code) ?? false;
      setEditing({ def, isNew: !known });
    } catch {
      message.error(t('importBad'));
    }
    return false;
  };

  if (editing) {
    // The designer takes the page (not a drawer): room for the flow and its settings, and one scroll.
    return (
      <ConsolePage title={nav('nav.definitions')} testId="console-definitions">
        <DefinitionEditor start={editing.def} isNew={editing.isNew} onClose={() => setEditing(null)} />
      </ConsolePage>
    );
  }
  return (
    <ConsolePage
      title={nav('nav.definitions')}
      testId="console-definitions"
      extra={
        <Space>
          <Upload
            accept="application/json,.json"
            showUploadList={false}
            beforeUpload={(f) => {
              void importFile(f);
              return false;
            }}
          >
            <Button data-testid="definition-import">{t('import')}</Button>
          </Upload>
          <Button type="primary" onClick={() => setCreating(true)} data-testid="definition-new">
            {t('new')}
          </Button>
        </Space>
      }
    >
      <Table<Summary>
        rowKey="code"
        loading={list.isPending}
        dataSource={list.data?.entities ?? []}
        pagination={{ pageSize: 20 }}
        expandable={{
          expandedRowRender: (d) => (
            <DefinitionVersions
              code={d.code}
              onEdit={(v) => void edit(d.code, v, false)}
              onExport={(v) => void exportVersion(d.code, v)}
            />
          ),
        }}
        columns={[
          {
            title: t('name'),
            key: 'name',
            render: (_, d) => (
              <Space>
                {d.name}
                {loadDraft(d.code) && <Tag color="orange">{t('draft')}</Tag>}
              </Space>
            ),
          },
          { title: t('code'), dataIndex: 'code' },
          { title: t('apps'), key: 'apps', render: (_, d) => d.apps.map((a) => a.name).join(', ') },
          {
            title: t('latest'),
            key: 'latest',
            render: (_, d) => (
              <Space>
                {t('version', { version: d.latest.version })}
                <span>{t('running', { count: d.latest.running })}</span>
              </Space>
            ),
          },
          {
            title: nav('actions'),
            key: 'a',
            render: (_, d) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => void edit(d.code, d.latest.version, true)}
                  data-testid={`definition-edit-${d.code}`}
                >
                  {t('edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => void exportVersion(d.code, d.latest.version)}
                  data-testid={`definition-export-${d.code}`}
                >
                  {t('export')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <NewDefinitionDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={(def) => {
          setCreating(false);
          setEditing({ def: loadDraft(def.code) ?? def, isNew: true });
        }}
      />
    </ConsolePage>
  );
}
