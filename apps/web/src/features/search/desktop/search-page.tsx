import { ReadOutlined } from '@ant-design/icons';
import { Alert, Empty, Input, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { useProfile } from '../../../lib/auth/profile.ts';
import { openApp } from '../../../lib/domain/open-app.ts';
import { errorText } from '../../../lib/http/api-error.ts';
import { guidePath, searchPath } from '../../../lib/routing/paths.ts';
import { useSearchGuide } from '../api/search-guide.ts';
import { Highlighted } from '../logic/highlighted.tsx';
import { stripHtml } from '../logic/strip-html.ts';

import '../search.css';

/** /workflow/search?keyword=: matching apps and guides with the matched words highlighted. */
export default function SearchPage() {
  const { t } = useTranslation('search');
  const [params] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const navigate = useNavigate();
  const email = useProfile().data?.email;
  const q = useSearchGuide(keyword);
  const tokens = q.data?.tokenList ?? [keyword];

  return (
    <div className="sh-search-page" data-testid="page-search">
      <div className="sh-page sh-section">
        <Input.Search
          size="large"
          defaultValue={keyword}
          key={keyword}
          allowClear
          enterButton={t('common:search')}
          data-testid="search-page-input"
          placeholder={t('common:searchPlaceholder')}
          onSearch={(v) => v.trim() && navigate(searchPath(v.trim()))}
        />
        {keyword && (
          <p className="sh-search-summary">
            {t('summary', {
              keyword,
              apps: t('appCount', { count: q.data?.appList.length ?? 0 }),
              guides: t('guideCount', { count: q.data?.guideList.length ?? 0 }),
            })}
          </p>
        )}
      </div>
      {q.error && <Alert type="error" showIcon message={errorText(q.error)} />}
      <section className="sh-page sh-section" data-testid="search-apps">
        <h2 className="sh-section-title">{t('apps')}</h2>
        {q.isLoading ? (
          <Skeleton active />
        ) : (
          <List
            dataSource={q.data?.appList ?? []}
            locale={{ emptyText: <Empty description={t('noApps')} /> }}
            renderItem={(app) => (
              <List.Item
                key={app.id}
                data-testid={`search-app-${app.code}`}
                className="sh-search-item"
                onClick={() => openApp(app, navigate, email)}
                extra={app.tags ? <Tag>{app.tags.split(',')[0]}</Tag> : null}
              >
                <List.Item.Meta
                  title={
                    <a>
                      <Highlighted text={app.name} tokens={tokens} />
                    </a>
                  }
                  description={
                    <>
                      <span>{app.department}</span>
                      {app.description && (
                        <>
                          {' '}
                          · <Highlighted text={app.description} tokens={tokens} />
                        </>
                      )}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </section>
      <section className="sh-page sh-section" data-testid="search-guides">
        <h2 className="sh-section-title">{t('guides')}</h2>
        {q.isLoading ? (
          <Skeleton active />
        ) : (
          <List
            dataSource={q.data?.guideList ?? []}
            locale={{ emptyText: <Empty description={t('noGuides')} /> }}
            renderItem={(g) => (
              <List.Item key={g.id} data-testid={`search-guide-${g.id}`}>
                <List.Item.Meta
                  avatar={<ReadOutlined className="sh-guide-icon" />}
                  title={
                    <Link to={guidePath(g.id)}>
                      <Highlighted text={g.title} tokens={tokens} />
                    </Link>
                  }
                  description={
                    <Highlighted
                      text={stripHtml(g.guideStepList?.map((s) => s.stepTitle).join(' · ') || g.keyword || '')}
                      tokens={tokens}
                    />
                  }
                />
              </List.Item>
            )}
          />
        )}
      </section>
    </div>
  );
}
