import { Button, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminGuide } from '@service-hall/contracts';

import { formatDate } from '../../../lib/time/time.ts';
import { useAdminGuides } from '../api/guides.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { GuideForm } from './guide-form.tsx';

import './guides.css';

import { appName } from '../shared/choices.ts';

/** /workflow/admin/guides: the guides the caller may edit, drafts too; write, publish, preview. */
export default function GuidesPage() {
  const { t } = useTranslation('admin');
  const guides = useAdminGuides();
  const [editing, setEditing] = useState<AdminGuide | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (g: AdminGuide | null) => {
    setEditing(g);
    setOpen(true);
  };
  return (
    <ConsolePage
      title={t('nav.guides')}
      testId="console-guides"
      extra={
        <Button type="primary" onClick={() => edit(null)} data-testid="guide-new">
          {t('guide.new')}
        </Button>
      }
    >
      <Table<AdminGuide>
        rowKey="id"
        loading={guides.isPending}
        dataSource={guides.data?.entities ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          {
            title: t('guide.title'),
            dataIndex: 'title',
            render: (_, g) => appName({ name: g.title, name_en: g.title_en }),
          },
          {
            title: t('guide.apps'),
            key: 'apps',
            render: (_, g) => [...new Set(g.steps.flatMap((s) => s.apps))].join(', '),
          },
          {
            title: t('catalogue.state'),
            dataIndex: 'state',
            render: (s: number) => (
              <Tag className={s === 1 ? 'sh-tag-live' : undefined}>
                {s === 1 ? t('guide.published') : t('guide.draft')}
              </Tag>
            ),
          },
          {
            title: t('guide.updated'),
            dataIndex: 'updateTime',
            render: (at: number, g) => `${formatDate(at, true)} · ${g.updateUser}`,
          },
          {
            title: t('actions'),
            key: 'a',
            render: (_, g) => (
              <Button type="link" size="small" onClick={() => edit(g)} data-testid={`guide-edit-${g.id}`}>
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      <GuideForm guide={editing} open={open} onClose={() => setOpen(false)} />
    </ConsolePage>
  );
}
