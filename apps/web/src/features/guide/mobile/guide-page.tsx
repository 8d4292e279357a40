import { Button, ErrorBlock, Skeleton, Space, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { errorText } from '../../../lib/http/api-error.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { useGuide } from '../api/get-guide.ts';
import { safeHtml } from '../logic/safe-html.ts';
import { stepAppTarget } from '../logic/step-app.ts';

import '../guide.css';

/** Mobile guide page. */
export default function MobileGuidePage() {
  const { t } = useTranslation('guide');
  const { glId = '' } = useParams();
  const navigate = useNavigate();
  const q = useGuide(glId);
  if (q.isLoading)
    return (
      <div className="shm-page">
        <Skeleton.Paragraph lineCount={10} animated />
      </div>
    );
  if (q.error) return <ErrorBlock status="default" title={errorText(q.error)} description="" />;
  const g = q.data;
  if (!g) return <ErrorBlock status="empty" title={t('notFound')} description="" data-testid="guide-not-found" />;
  return (
    <article className="shm-page sh-guide" data-testid="page-guide">
      <h1 className="sh-guide-mtitle" data-testid="guide-title">
        {g.title}
      </h1>
      <div className="sh-guide-meta">
        {t('updated', { date: formatDate(g.updateTime || g.createTime), user: g.updateUser || g.createUser })}
      </div>
      {g.mainpic && (
        <img
          className="sh-guide-pic"
          src={g.mainpic}
          alt=""
          data-testid="guide-mainpic"
          onError={(e) => (e.currentTarget.style.display = 'none')}
        />
      )}
      <Steps direction="vertical" current={g.guideStepList.length}>
        {g.guideStepList.map((s) => (
          <Steps.Step
            key={s.listId}
            title={<span data-testid={`guide-step-${s.stepNo}`}>{s.stepTitle}</span>}
            status="process"
            description={
              <div className="sh-guide-step">
                <div className="sh-rich" dangerouslySetInnerHTML={{ __html: safeHtml(s.context) }} />
                <Space wrap>
                  {s.guideStepAppList.map((a) => {
                    const target = stepAppTarget(a);
                    return (
                      <Button
                        key={a.listAppId}
                        size="small"
                        color="primary"
                        fill="outline"
                        data-testid={`guide-app-${a.appCode}`}
                        onClick={() => {
                          if (target.internal) void navigate(target.to);
                          else window.open(target.to, '_blank', 'noopener,noreferrer');
                        }}
                      >
                        {a.appName}
                      </Button>
                    );
                  })}
                </Space>
              </div>
            }
          />
        ))}
      </Steps>
    </article>
  );
}
