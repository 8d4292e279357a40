import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/http/api-error.ts';

/**
 * A desktop list that could not be read: this replaces the list (not "暂无数据" under an error line, which read as
 * "there is nothing"), says why in the UI language and offers a retry.
 */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      data-testid="list-error"
      title={t('listError')}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" data-testid="list-retry" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
