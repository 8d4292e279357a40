import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminApp } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { useAdminApps, useRetireApp } from '../api/catalogue.ts';
import { useConsoleMe } from '../console/console-me.ts';
import { ConsolePage } from '../console/console-page.tsx';
import { appName } from '../shared/choices.ts';
import { AppForm } from './app-form.tsx';
import { isImageAddress } from './icon-names.ts';
import { RecommendOrder } from './recommend-order.tsx';

/** /workflow/admin/catalogue: every app the caller administers; create, edit, retire and order the recommended. */
export default function CataloguePage() {
  const { t, i18n } = useTranslation('admin');
  const { message } = useAppMessage();
  const me = useConsoleMe();
  const apps = useAdminApps();
  const retire = useRetireApp();
  const [editing, setEditing] = useState<AdminApp | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [orderOpen, setOrderOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const open = (app: AdminApp | null) => {
    setEditing(app);
    setFormOpen(true);
  };
  const rows = (apps.data?.entities ?? []).filter(
    (a) =>
      !filter ||
      `${a.name} ${a.name_en} ${a.code} ${a.department} ${a.department_en}`
        .toLowerCase()
        .includes(filter.toLowerCase()),
  );
  const toggle = async (app: AdminApp) => {
    try {
      await retire.mutateAsync({ id: app.id, retired: app.enabled });
      message.success(t('saved'));
    } catch (err) {
      message.error(errorText(err));
    }
  };
  return (
    <ConsolePage
      title={t('nav.catalogue')}
      testId="console-catalogue"
      extra={
        <>
          <Input.Search
            allowClear
            data-testid="catalogue-filter"
            placeholder={t('catalogue.filter')}
            aria-label={t('catalogue.filter')}
            onChange={(e) => setFilter(e.target.value)}
            style={{ width: 220 }}
          />
          {me.systemAdmin && (
            <Button onClick={() => setOrderOpen(true)} data-testid="recommend-order-open">
              {t('catalogue.order')}
            </Button>
          )}
          {me.systemAdmin && (
            <Button type="primary" onClick={() => open(null)} data-testid="app-new">
              {t('catalogue.new')}
            </Button>
          )}
        </>
      }
    >
      <Table<AdminApp>
        rowKey="id"
        size="middle"
        loading={apps.isPending}
        dataSource={rows}
        pagination={{ pageSize: 20 }}
        columns={[
          {
            title: t('app.icon'),
            dataIndex: 'icon',
            width: 64,
            render: (icon: string) =>
              isImageAddress(icon) ? (
                <img src={icon} alt="" className="sh-console-icon" />
              ) : (
                <span>{icon.replace(/Outlined$/, '')}</span>
              ),
          },
          {
            title: t('app.name'),
            dataIndex: 'name',
            render: (_, a) => <span data-testid={`app-row-${a.code}`}>{appName(a)}</span>,
          },
          { title: t('app.code'), dataIndex: 'code' },
          {
            title: t('app.department'),
            dataIndex: 'department',
            render: (_, a) => (i18n.language === 'en' && a.department_en ? a.department_en : a.department),
          },
          { title: t('app.kind'), dataIndex: 'kind', render: (k: string) => t(`app.${k}`) },
          { title: t('app.recommend'), dataIndex: 'recommend', width: 90 },
          {
            title: t('catalogue.state'),
            dataIndex: 'enabled',
            render: (on: boolean, a) => (
              <Space size={4}>
                <Tag className={on ? 'sh-tag-live' : undefined}>
                  {on ? t('catalogue.live') : t('catalogue.retired')}
                </Tag>
                {(a.visible.roles.length > 0 || a.visible.departments.length > 0) && (
                  <Tag>{t('catalogue.restricted')}</Tag>
                )}
              </Space>
            ),
          },
          {
            title: t('actions'),
            key: 'actions',
            render: (_, a) => (
              <Space>
                <Button type="link" size="small" onClick={() => open(a)} data-testid={`app-edit-${a.code}`}>
                  {t('edit')}
                </Button>
                {me.systemAdmin && (
                  <Popconfirm
                    title={a.enabled ? t('catalogue.retireConfirm') : t('catalogue.restoreConfirm')}
                    okText={t('confirm')}
                    cancelText={t('cancel')}
                    onConfirm={() => toggle(a)}
                  >
                    <Button type="link" size="small" danger={a.enabled}>
                      {a.enabled ? t('catalogue.retire') : t('catalogue.restore')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AppForm app={editing} open={formOpen} onClose={() => setFormOpen(false)} canCreate={me.systemAdmin} />
      <RecommendOrder apps={apps.data?.entities ?? []} open={orderOpen} onClose={() => setOrderOpen(false)} />
    </ConsolePage>
  );
}
