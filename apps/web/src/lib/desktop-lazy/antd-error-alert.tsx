import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** An error Alert with a small "Retry" button: both antd parts stay out of the first screens that only show it on error. */
export default function ErrorAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      }
    />
  );
}
