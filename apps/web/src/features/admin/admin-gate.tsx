import { Result, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/http/api-error.ts';
import { withChunkRecovery } from '../../lib/routing/chunk-recovery.ts';
import { useAdminMe } from './api/get-admin-me.ts';

// The console (its pages, editors, upload and crop) is a chunk of its own, requested only after the server has
// said the caller administers something: members never download it (docs/architecture.md, "Administration").
const ConsoleApp = lazy(withChunkRecovery(() => import('./console/console-app.tsx')));

const Loading = () => <Skeleton active paragraph={{ rows: 6 }} />;

/** /workflow/admin/*: asks who the caller is, then loads the console or explains why not. */
export default function AdminGate() {
  const { t } = useTranslation();
  const me = useAdminMe();
  if (me.isPending) return <Loading />;
  if (me.isError) {
    const forbidden = (me.error as { status?: number }).status === 403;
    return (
      <Result
        status={forbidden ? '403' : 'error'}
        data-testid="console-refused"
        title={
          <h1 style={{ fontSize: 24, fontWeight: 400, margin: 0 }}>
            {forbidden ? t('admin.consoleNotAdmin') : t('loadFailed')}
          </h1>
        }
        subTitle={forbidden ? t('admin.consoleNotAdminHint') : errorText(me.error)}
      />
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <ConsoleApp me={me.data} />
    </Suspense>
  );
}
