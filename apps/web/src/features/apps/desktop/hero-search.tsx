// The component's own module: `Input.Search` through antd's index keeps TextArea, Password and OTP (9 KB gz).
import Search from 'antd/es/input/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchPath } from '../../../lib/paths.ts';

/** Large search box of the home template's "search" section (apps and guides). */
export function HeroSearch({ overlap = false }: { overlap?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    // The page's one search box: the header leaves its own out when the template has this section.
    <div className={`sh-hero-search ${overlap ? 'is-overlap' : ''}`} data-testid="search-hero">
      <Search
        size="large"
        allowClear
        aria-label={t('search')}
        data-testid="search-input"
        placeholder={t('searchPlaceholder')}
        enterButton={t('search')}
        onSearch={(v) => v.trim() && navigate(searchPath(v.trim()))}
      />
    </div>
  );
}
