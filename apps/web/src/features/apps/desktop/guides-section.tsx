import { ReadOutlined, RightOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { LazySimpleEmpty } from '../../../lib/desktop-lazy/index.ts';
import { guidePath } from '../../../lib/routing/paths.ts';
import { useGuides } from '../api/get-guides.ts';

/** 办事指南: published guides, each a card linking to its step-by-step page. */
export function GuidesSection() {
  const { t } = useTranslation('apps');
  const q = useGuides();
  return (
    <section className="sh-page sh-section" data-testid="section-guides">
      <h2 className="sh-section-title">{t('guides')}</h2>
      {q.isLoading ? (
        <Skeleton active />
      ) : !q.data?.length ? (
        <Suspense>
          <LazySimpleEmpty />
        </Suspense>
      ) : (
        <div className="sh-grid-3">
          {q.data.map((g) => (
            <Link key={g.id} to={guidePath(g.id)} className="sh-guide-card" data-testid={`guide-card-${g.id}`}>
              <ReadOutlined className="sh-guide-card-icon" />
              <div className="sh-guide-card-body">
                <div className="sh-guide-card-title">{g.title}</div>
                <div className="sh-guide-card-steps">{t('guideSteps', { count: g.guideStepList?.length ?? 0 })}</div>
              </div>
              <RightOutlined className="sh-guide-card-arrow" />
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
