import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { ProcessDetail } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-client.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { useUrgeProcess } from '../api/approval-powers.ts';
import { useShowsUrge } from '../api/shows-urge.ts';

/** 催办 for the applicant of a running process: once an hour; after an urge it says when it was sent. */
export function UrgeButton({ process }: { process: ProcessDetail }) {
  const { t } = useTranslation('detail');
  const { message } = useAppMessage();
  const urge = useUrgeProcess();
  const shows = useShowsUrge(process);
  const last = process.urges.at(-1);
  if (!shows) return null;
  return (
    <Space wrap>
      <Button
        disabled={!process.canUrge}
        loading={urge.isPending}
        data-testid="urge"
        title={t('powers.urgeHint')}
        onClick={() =>
          urge.mutate(
            { id: process.id },
            {
              onSuccess: () => void message.success(t('powers.urged')),
              onError: (e) => void message.error(errorText(e)),
            },
          )
        }
      >
        {t('powers.urge')}
      </Button>
      {last && !process.canUrge && (
        <Typography.Text type="secondary" data-testid="urge-wait">
          {t('powers.urgeWait', { time: formatDate(last.time, true) })}
        </Typography.Text>
      )}
    </Space>
  );
}
