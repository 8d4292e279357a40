import { useTranslation } from 'react-i18next';

import type { App } from '@service-hall/contracts';

import { useProfile } from '../../../lib/auth/profile.ts';
import { topApps } from '../../../lib/domain/top-apps.ts';
import { AppCard } from './app-card.tsx';

/** 常用应用: the user's most-opened apps from `{email}_top`; hidden until there are some. */
export function TopAppsSection({ apps, favorites }: { apps: App[]; favorites: Set<string> }) {
  const { t } = useTranslation('apps');
  const profile = useProfile();
  const top = topApps(profile.data?.email, apps);
  if (top.length === 0) return null;
  return (
    <section className="sh-page sh-section" data-testid="section-top">
      <h2 className="sh-section-title">{t('topApps')}</h2>
      <div className="sh-grid-auto">
        {top.map((a) => (
          <AppCard key={a.id} app={a} favorite={favorites.has(a.id)} compact />
        ))}
      </div>
    </section>
  );
}
