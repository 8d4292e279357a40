import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shows a secret the server answered once (a client secret, a callback secret): it is never shown again, so the
 * dialog says so, offers a copy button, and closes only by the explicit button (not by a stray click outside).
 */
export function SecretDialog({
  secret,
  title,
  who,
  onClose,
}: {
  secret: string | null;
  title: string;
  who: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminIntegrations');
  return (
    <Modal
      open={secret !== null}
      title={title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t('secretDone')}
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        message={t('secretOnce')}
        description={t('secretOnceHint')}
        style={{ marginBottom: 16 }}
      />
      <Typography.Text type="secondary">{who}</Typography.Text>
      <Typography.Paragraph
        copyable={{ text: secret ?? '', tooltips: [t('copy'), t('copied')] }}
        code
        data-testid="secret-value"
        style={{ marginTop: 8, wordBreak: 'break-all' }}
      >
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
