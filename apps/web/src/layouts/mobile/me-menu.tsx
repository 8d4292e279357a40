import { UserOutline } from 'antd-mobile-icons';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { setLocale } from '../../i18n/index.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { LazyActionSheet } from '../../lib/mobile-lazy/index.ts';
import { PATHS } from '../../lib/routing/paths.ts';

/** Top-right "me" button: name, my lists, language switch, sign-out. */
export function MeMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { profile, signedIn, signOut } = useAuth();
  const [open, setOpen] = useState(false);
  // The sheet's code (antd-mobile Popup, react-spring, gestures) loads when the menu is first opened.
  const [opened, setOpened] = useState(false);
  const go = (to: string) => () => navigate(to);
  const actions = [
    ...(signedIn
      ? [
          { key: 'fav', text: t('nav.favorite'), onClick: go(PATHS.favorite) },
          { key: 'cc', text: t('nav.flowCc'), onClick: go(PATHS.flowCc) },
          { key: 'entrust', text: t('nav.entrust'), onClick: go(PATHS.delegations) },
          { key: 'infos', text: t('nav.infos'), onClick: go(PATHS.notifications) },
          { key: 'about', text: t('nav.about'), onClick: go(PATHS.about) },
        ]
      : []),
    {
      key: 'lang',
      text: <span data-testid="lang-switch">{i18n.language === 'en' ? t('languages.zh') : t('languages.en')}</span>,
      onClick: () => void setLocale(i18n.language === 'en' ? 'zh' : 'en'),
    },
    ...(signedIn
      ? [
          {
            key: 'logout',
            text: <span data-testid="logout">{t('logout')}</span>,
            danger: true,
            onClick: () => void signOut(),
          },
        ]
      : []),
  ];
  return (
    <>
      <button
        type="button"
        className="shm-me"
        data-testid="me-button"
        aria-label={t('me')}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <UserOutline />
      </button>
      {opened && (
        <Suspense>
          <LazyActionSheet
            visible={open}
            actions={actions}
            extra={
              signedIn ? (
                <span data-testid="header-user">{t('greeting', { name: profile?.name ?? '' })}</span>
              ) : undefined
            }
            cancelText={t('back')}
            onAction={() => setOpen(false)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
