import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Radio, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ImportReport } from '@service-hall/contracts';
import { importAdminDepartmentsRoute, importAdminUsersRoute } from '@service-hall/contracts/lite';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { call } from '../../../lib/http/call.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { applyEncoding, importStep, type Encoding, type Reading } from './import-logic.ts';
import { peopleKey } from './people-api.ts';

import '../../../i18n/locales/lazy/adminPeople.ts';

type Kind = 'users' | 'departments';
type Row = ImportReport['rows'][number];

/** The bytes of a file as base64 (the API takes the CSV's bytes as they are: UTF-8 or GBK). */
async function base64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const OUTCOME_COLOUR: Record<Row['outcome'], string> = {
  create: 'success',
  change: 'processing',
  unchanged: 'default',
  error: 'error',
};

/**
 * Console page: CSV import of users or departments. A dry run first shows per row what would be created, changed,
 * left alone or is wrong; "Apply" is offered only for a preview without errors, and sends the same file again in
 * the encoding the preview was read in. A file that reads both as UTF-8 and as GBK previews as both readings of
 * its first lines; picking one previews it again in that encoding.
 */
export default function ImportPage() {
  const { t } = useTranslation('adminPeople');
  const { t: nav } = useTranslation('admin');
  const { message } = useAppMessage();
  const client = useQueryClient();
  const [kind, setKind] = useState<Kind>('users');
  const [encoding, setEncoding] = useState<Encoding>('auto');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const run = useMutation({
    mutationFn: async ({ dryRun, encoding }: { dryRun: boolean; encoding: Encoding }) => {
      const body = { csv: await base64(file!), dryRun, encoding };
      return call(kind === 'users' ? importAdminUsersRoute : importAdminDepartmentsRoute, { body });
    },
    onSuccess: async (r) => {
      setReport(r);
      if (r.applied) {
        message.success(t('appliedTitle'));
        await client.invalidateQueries({ queryKey: peopleKey });
      }
    },
    onError: (e) => {
      setReport(null);
      message.error(errorText(e));
    },
  });
  const reset = () => setReport(null);
  const preview = (enc: Encoding) => run.mutate({ dryRun: true, encoding: enc });
  const choose = (enc: Encoding) => {
    setEncoding(enc);
    preview(enc);
  };

  return (
    <ConsolePage title={nav('nav.import')} testId="console-import">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap align="center">
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              reset();
            }}
            aria-label={t('importKind')}
            optionType="button"
            options={[
              { value: 'users', label: t('importUsers') },
              { value: 'departments', label: t('importDepartments') },
            ]}
          />
          <Select<Encoding>
            value={encoding}
            onChange={(v) => {
              setEncoding(v);
              reset();
            }}
            aria-label={t('encoding')}
            style={{ width: 220 }}
            options={[
              { value: 'auto', label: t('encodingAuto') },
              { value: 'utf-8', label: 'UTF-8' },
              { value: 'gbk', label: 'GBK' },
            ]}
          />
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              reset();
              return false;
            }}
          >
            <Button data-testid="import-choose">{t('chooseFile')}</Button>
          </Upload>
          <Typography.Text data-testid="import-file">{file ? file.name : t('noFile')}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">
          {kind === 'users' ? t('usersColumns') : t('departmentsColumns')}
        </Typography.Text>
        <Space>
          <Button
            data-testid="import-preview"
            disabled={!file}
            loading={run.isPending && run.variables.dryRun}
            onClick={() => preview(encoding)}
          >
            {t('preview')}
          </Button>
          <Button
            type="primary"
            data-testid="import-apply"
            loading={run.isPending && !run.variables.dryRun}
            disabled={!report || importStep(report) !== 'apply'}
            onClick={() => report && run.mutate({ dryRun: false, encoding: applyEncoding(report, encoding) })}
          >
            {t('apply')}
          </Button>
        </Space>
        {report && importStep(report) === 'choose' && <ReadingsView readings={report.readings} onChoose={choose} />}
        {report && importStep(report) !== 'choose' && <ReportView report={report} />}
      </Space>
    </ConsolePage>
  );
}

/** Both readings of a file's first lines side by side, each with the button that picks it. */
function ReadingsView({ readings, onChoose }: { readings: Reading[]; onChoose: (encoding: Encoding) => void }) {
  const { t } = useTranslation('adminPeople');
  return (
    <>
      <Alert
        data-testid="import-encoding-undecided"
        showIcon
        type="warning"
        message={t('encodingUndecided')}
        description={t('encodingUndecidedHint')}
      />
      <Space wrap align="start" size="middle">
        {readings.map((r) => {
          const name = r.encoding === 'gbk' ? 'GBK' : 'UTF-8';
          return (
            <Card
              key={r.encoding}
              size="small"
              title={name}
              data-testid={`import-reading-${r.encoding}`}
              extra={
                <Button
                  size="small"
                  type="primary"
                  data-testid={`import-use-${r.encoding}`}
                  onClick={() => onChoose(r.encoding)}
                >
                  {t('useEncoding', { encoding: name })}
                </Button>
              }
            >
              <Table<Reading['lines'][number]>
                rowKey="line"
                size="small"
                pagination={false}
                dataSource={r.lines}
                columns={[
                  { title: t('line'), dataIndex: 'line', width: 60 },
                  { title: '', dataIndex: 'cells', render: (c: string[]) => c.join(', ') },
                ]}
              />
            </Card>
          );
        })}
      </Space>
    </>
  );
}

function ReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('adminPeople');
  const counts = {
    created: report.created,
    changed: report.changed,
    unchanged: report.unchanged,
    errors: report.errors,
  };
  return (
    <>
      <Alert
        data-testid="import-summary"
        showIcon
        type={report.errors > 0 ? 'error' : report.applied ? 'success' : 'info'}
        message={report.applied ? t('appliedTitle') : t('previewTitle')}
        description={
          report.errors > 0
            ? `${t('summary', counts)} ${t('fixErrors')}`
            : t(report.applied ? 'summaryDone' : 'summary', counts)
        }
      />
      <Table<Row>
        rowKey="line"
        size="small"
        dataSource={report.rows}
        data-testid="import-rows"
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: t('line'), dataIndex: 'line', width: 80 },
          { title: t('key'), dataIndex: 'key' },
          {
            title: t('outcome'),
            dataIndex: 'outcome',
            width: 110,
            render: (o: Row['outcome']) => <Tag color={OUTCOME_COLOUR[o]}>{t(`outcomes.${o}`)}</Tag>,
          },
          { title: t('changes'), dataIndex: 'changes', render: (c: string[]) => c.join(', ') },
          { title: t('errors'), dataIndex: 'errors', render: (e: Row['errors']) => e.map((x) => x.message).join('; ') },
        ]}
      />
    </>
  );
}
