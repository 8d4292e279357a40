import { Button, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import type { DefinitionVersionInfo } from '@service-hall/contracts';

import { formatDate } from '../../../lib/time/time.ts';
import { useDefinitionVersions } from '../api/definitions.ts';

type Version = z.infer<typeof DefinitionVersionInfo>;

/** A definition's versions, newest (the one new processes start on) first, with how many processes each still runs. */
export function DefinitionVersions({
  code,
  onExport,
  onEdit,
}: {
  code: string;
  onExport: (version: number) => void;
  onEdit: (version: number) => void;
}) {
  const { t } = useTranslation('definitions');
  const versions = useDefinitionVersions(code);
  const newest = versions.data?.versions[0]?.version;
  return (
    <Table<Version>
      size="small"
      rowKey="version"
      pagination={false}
      loading={versions.isPending}
      data-testid={`definition-versions-${code}`}
      dataSource={versions.data?.versions ?? []}
      columns={[
        {
          title: t('versions'),
          key: 'v',
          render: (_, v) => (
            <Space>
              {t('version', { version: v.version })}
              {v.version === newest && <Tag color="green">{t('published')}</Tag>}
            </Space>
          ),
        },
        { title: t('runningTitle'), dataIndex: 'running', render: (n: number) => t('running', { count: n }) },
        { title: t('publishedBy'), key: 'by', render: (_, v) => v.publishedBy ?? t(`source.${v.source}`) },
        { title: t('publishedAt'), dataIndex: 'publishedAt', render: (at: number) => formatDate(at, true) },
        {
          title: '',
          key: 'a',
          render: (_, v) => (
            <Space>
              <Button
                size="small"
                type="link"
                onClick={() => onEdit(v.version)}
                data-testid={`definition-edit-${code}-${v.version}`}
              >
                {t('edit')}
              </Button>
              <Button
                size="small"
                type="link"
                onClick={() => onExport(v.version)}
                data-testid={`definition-export-${code}-${v.version}`}
              >
                {t('export')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
