import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { errorText } from '../../../lib/http/api-error.ts';
import { formatDate } from '../../../lib/time/time.ts';
import { useGuide } from '../api/get-guide.ts';
import { safeHtml } from '../logic/safe-html.ts';
import { stepAppTarget } from '../logic/step-app.ts';

import '../guide.css';

/** /workflow/gl/:glId — a guide: title, main picture, ordered steps with sanitised text and apps to open. */
export default function GuidePage() {
  const { t } = useTranslation('guide');
  const { glId = '' } = useParams();
  const navigate = useNavigate();
  const q = useGuide(glId);
  if (q.isLoading)
    return (
      <div className="sh-page">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  if (q.error) return <Alert type="error" showIcon message={errorText(q.error)} />;
  const g = q.data;
  if (!g)
    return (
      <div className="sh-page">
        <Empty description={t('notFound')} data-testid="guide-not-found" />
      </div>
    );

  return (
    <article className="sh-page sh-guide" data-testid="page-guide">
      <header className="sh-guide-head">
        <h1 data-testid="guide-title">{g.title}</h1>
        <div className="sh-guide-meta">
          {t('updated', { date: formatDate(g.updateTime || g.createTime), user: g.updateUser || g.createUser })}
        </div>
      </header>
      {g.mainpic && (
        <img
          className="sh-guide-pic"
          src={g.mainpic}
          alt=""
          data-testid="guide-mainpic"
          onError={(e) => (e.currentTarget.style.display = 'none')}
        />
      )}
      <h2 className="sh-section-title">{t('steps')}</h2>
      <Steps
        direction="vertical"
        current={-1}
        items={g.guideStepList.map((s) => ({
          title: <span data-testid={`guide-step-${s.stepNo}`}>{s.stepTitle}</span>,
          status: 'process' as const,
          description: (
            <div className="sh-guide-step">
              <div className="sh-rich" dangerouslySetInnerHTML={{ __html: safeHtml(s.context) }} />
              {s.guideStepAppList.length > 0 && (
                <Space wrap>
                  {s.guideStepAppList.map((a) => {
                    const target = stepAppTarget(a);
                    return (
                      <Button
                        key={a.listAppId}
                        icon={target.internal ? <AppstoreOutlined /> : <ExportOutlined />}
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
              )}
            </div>
          ),
        }))}
      />
    </article>
  );
}
