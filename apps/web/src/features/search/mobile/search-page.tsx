import { ErrorBlock, List, Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { useProfile } from '../../../lib/auth/profile.ts';
import { openApp } from '../../../lib/domain/open-app.ts';
import { errorText } from '../../../lib/http/api-error.ts';
import { guidePath } from '../../../lib/routing/paths.ts';
import { useSearchGuide } from '../api/search-guide.ts';
import { Highlighted } from '../logic/highlighted.tsx';

import '../search.css';

/** Mobile /workflow/search?keyword= (the shell's search bar starts it). */
export default function MobileSearchPage() {
  const { t } = useTranslation('search');
  const [params] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const navigate = useNavigate();
  const email = useProfile().data?.email;
  const q = useSearchGuide(keyword);
  const tokens = q.data?.tokenList ?? [keyword];
  if (!keyword) return <ErrorBlock status="empty" title={t('empty')} description="" />;
  if (q.isLoading)
    return (
      <div className="shm-page">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  if (q.error) return <ErrorBlock status="default" title={errorText(q.error)} description="" />;
  return (
    <div data-testid="page-search">
      <p className="sh-search-summary shm-summary">
        {t('summary', {
          keyword,
          apps: t('appCount', { count: q.data?.appList.length ?? 0 }),
          guides: t('guideCount', { count: q.data?.guideList.length ?? 0 }),
        })}
      </p>
      <List header={t('apps')} data-testid="search-apps">
        {(q.data?.appList ?? []).map((app) => (
          <List.Item
            key={app.id}
            data-testid={`search-app-${app.code}`}
            description={app.department}
            onClick={() => openApp(app, navigate, email)}
          >
            <Highlighted text={app.name} tokens={tokens} />
          </List.Item>
        ))}
        {q.data?.appList.length === 0 && <List.Item>{t('noApps')}</List.Item>}
      </List>
      <List header={t('guides')} data-testid="search-guides">
        {(q.data?.guideList ?? []).map((g) => (
          <List.Item
            key={g.id}
            prefix={<FileOutline />}
            data-testid={`search-guide-${g.id}`}
            onClick={() => navigate(guidePath(g.id))}
          >
            <Highlighted text={g.title} tokens={tokens} />
          </List.Item>
        ))}
        {q.data?.guideList.length === 0 && <List.Item>{t('noGuides')}</List.Item>}
      </List>
    </div>
  );
}
