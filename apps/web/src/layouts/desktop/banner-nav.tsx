import {
  BellOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  InboxOutlined,
  MailOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { useCcUnreadCount, useTodoCount } from '../../lib/domain/counts.ts';
import { PATHS } from '../../lib/routing/paths.ts';

/** Under the header: to-do count, doing, done, copied-to-me (unread count) and favourites (docs/product.md §2). */
export function BannerNav() {
  const { t } = useTranslation();
  const todo = useTodoCount();
  const cc = useCcUnreadCount();
  const items = [
    { to: PATHS.todo, icon: <InboxOutlined />, label: t('nav.todoFull'), count: todo.data, id: 'todo' },
    { to: PATHS.doing, icon: <ClockCircleOutlined />, label: t('nav.doingFull'), id: 'doing' },
    { to: PATHS.done, icon: <CheckCircleOutlined />, label: t('nav.doneFull'), id: 'done' },
    { to: PATHS.flowCc, icon: <MailOutlined />, label: t('nav.flowCc'), count: cc.data, id: 'cc' },
    { to: PATHS.favorite, icon: <StarOutlined />, label: t('nav.favorite'), id: 'favorite' },
    { to: PATHS.notifications, icon: <BellOutlined />, label: t('nav.infos'), id: 'infos' },
  ];
  return (
    <nav className="sh-banner-nav" aria-label={t('nav.myMatters')}>
      <div className="sh-banner-nav-inner">
        {items.map((it) => (
          <NavLink key={it.id} to={it.to} className="sh-banner-nav-item" data-testid={`nav-${it.id}`}>
            <span aria-hidden className="sh-banner-nav-icon">
              {it.icon}
            </span>
            <span>{it.label}</span>
            {/* No pill for nothing unread (a red "0" read as an alert); the to-do count always shows. */}
            {it.count !== undefined && (it.id === 'todo' || it.count > 0) && (
              // A plain count pill (antd's Badge and its motion cost 4 KB gzipped on every first load).
              <span className={`sh-count-badge ${it.id === 'todo' ? 'is-primary' : ''}`} data-testid={`count-${it.id}`}>
                {it.count > 999 ? '999+' : it.count}
              </span>
            )}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
