import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/http/api-error.ts';

/** The phone's counterpart of ListError: replaces the list and its "暂无数据" line, with a retry. */
export function MobileListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="default" data-testid="list-error" title={t('listError')} description={errorText(error)}>
      <Button color="primary" size="small" data-testid="list-retry" onClick={onRetry}>
        {t('retry')}
      </Button>
    </ErrorBlock>
  );
}
