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
    <div className={`sh-hero-search ${overlap ? 'is-overlap' : ''}`}>
      <Search
        size="large"
        allowClear
        data-testid="search-hero"
        placeholder={t('searchPlaceholder')}
        enterButton={t('search')}
        onSearch={(v) => v.trim() && navigate(searchPath(v.trim()))}
      />
    </div>
  );
}
