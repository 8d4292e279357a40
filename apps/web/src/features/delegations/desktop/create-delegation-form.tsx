import { Alert, Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useProfile } from '../../../lib/auth/profile.ts';
import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { appMatchesText } from '../../../lib/domain/app-text-match.ts';
import { useSearchUsers } from '../../../lib/domain/search-users.ts';
import { ApiError, errorText } from '../../../lib/http/api-client.ts';
import { delegationProblem } from '../api/active-delegation.ts';
import { useCreateEntrustee } from '../api/create-entrustee.ts';
import { useMyApps } from '../api/get-my-apps.ts';
import { dayWindow, isPastDay } from '../logic/day-window.ts';

interface Values {
  appId: string;
  entrusteeId: string;
  range: [Dayjs, Dayjs];
}

/** Create a delegation: one app or all, a delegate found in the directory, whole days (both inclusive, none past). */
export function CreateDelegationForm({ onCreated }: { onCreated?: () => void }) {
  const { t } = useTranslation('delegations');
  const { message } = useAppMessage();
  const profile = useProfile().data;
  const apps = useMyApps();
  const [keyword, setKeyword] = useState('');
  const users = useSearchUsers(keyword);
  const create = useCreateEntrustee(profile?.account);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();

  const submit = (v: Values) => {
    setError(null);
    const input = {
      appId: v.appId,
      entrusteeId: v.entrusteeId,
      ...dayWindow(v.range[0].toDate(), v.range[1].toDate(), new Date()),
    };
    const problem = profile && delegationProblem(input, profile);
    if (problem) return setError(t(`problem.${problem}`));
    create.mutate(input, {
      onSuccess: () => {
        void message.success(t('created'));
        form.resetFields();
        onCreated?.();
      },
      onError: (e) =>
        setError(e instanceof ApiError && e.details.length ? e.details.map((d) => d.message).join('; ') : errorText(e)),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="inline"
      onFinish={submit}
      initialValues={{ appId: '' }}
      data-testid="delegation-form"
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="appId" label={t('col.app')}>
        <Select
          style={{ width: 180 }}
          loading={apps.isLoading}
          data-testid="delegation-app"
          showSearch
          // Typed text matches the name or its pinyin ("qjsq" finds 请假申请), as in the catalogue.
          filterOption={(input, option) =>
            option && 'app' in option ? appMatchesText(option.app, input) : String(option?.label ?? '').includes(input)
          }
          options={[
            { value: '', label: t('allApps') },
            ...(apps.data ?? []).map((a) => ({ value: a.id, label: a.name, app: a })),
          ]}
        />
      </Form.Item>
      <Form.Item name="entrusteeId" label={t('col.entrustee')} rules={[{ required: true, message: t('pickDelegate') }]}>
        <Select
          style={{ width: 200 }}
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          data-testid="delegation-user"
          placeholder={t('searchUser')}
          loading={users.isFetching}
          notFoundContent={keyword ? t('noUser') : t('typeToSearch')}
          options={(users.data ?? []).map((u) => ({
            value: u.id,
            label: `${u.name} (${u.account}${u.department ? ` · ${u.department}` : ''})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('window')} rules={[{ required: true, message: t('pickWindow') }]}>
        <DatePicker.RangePicker
          format="YYYY-MM-DD"
          data-testid="delegation-range"
          disabledDate={(d) => isPastDay(d.toDate(), new Date())}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="delegation-submit">
          {t('create')}
        </Button>
      </Form.Item>
      {error && (
        <Alert type="error" showIcon message={error} style={{ width: '100%' }} data-testid="delegation-error" />
      )}
    </Form>
  );
}
