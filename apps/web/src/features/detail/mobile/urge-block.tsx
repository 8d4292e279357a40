import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import type { ProcessDetail } from '@service-hall/contracts';

import { errorText } from '../../../lib/http/api-client.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { useUrgeProcess } from '../api/approval-powers.ts';
import { useShowsUrge } from '../api/shows-urge.ts';

/** 催办 on the phone for the applicant of a running process (once an hour; the desktop's urge-button.tsx). */
export function UrgeBlock({ process }: { process: ProcessDetail }) {
  const { t } = useTranslation('detail');
  const urge = useUrgeProcess();
  const shows = useShowsUrge(process);
  const last = process.urges.at(-1);
  if (!shows) return null;
  return (
    <div style={{ padding: 12 }}>
      <Button
        block
        color="primary"
        fill="outline"
        disabled={!process.canUrge}
        loading={urge.isPending}
        data-testid="urge"
        onClick={() =>
          urge.mutate(
            { id: process.id },
            {
              onSuccess: () => void Toast.show({ icon: 'success', content: t('powers.urged') }),
              onError: (e) => void Toast.show({ icon: 'fail', content: errorText(e) }),
            },
          )
        }
      >
        {t('powers.urge')}
      </Button>
      {last && !process.canUrge && (
        <div style={{ marginTop: 6, fontSize: 13 }} data-testid="urge-wait">
          {t('powers.urgeWait', { time: formatDate(last.time, true) })}
        </div>
      )}
    </div>
  );
}
