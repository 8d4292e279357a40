import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { searchPath } from '../routing/paths.ts';

/**
 * The desktop search field (header, and the home template's hero section with `size="large"`), drawn like antd's
 * `Input.Search` with `allowClear` and a "搜索" button (styles in layouts/desktop/desktop.css), without it:
 * Input.Search pulled antd's compact-space, input and form-status code into every desktop first load (≈ 12 KB
 * gzipped). Same keyboard behaviour: Enter searches (not while an input method is composing), the clear button
 * appears once something is typed and gives the focus back to the field, an empty query does nothing.
 */
export function SearchField({ size }: { size?: 'large' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const composing = useRef(false);
  const search = () => {
    const q = value.trim();
    if (q) void navigate(searchPath(q));
  };
  // Clicking a button must not take the focus from the field (antd's Search does the same).
  const keepFocus = (e: React.MouseEvent) => {
    if (document.activeElement === input.current) e.preventDefault();
  };
  return (
    <span className={`sh-search${size === 'large' ? ' sh-search-lg' : ''}`} data-testid="search-input">
      <span className="sh-search-field">
        <input
          ref={input}
          type="search"
          aria-label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={() => {
            composing.current = false;
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !composing.current && !e.nativeEvent.isComposing) search();
          }}
        />
        <button
          type="button"
          className={`sh-search-clear${value ? '' : ' is-hidden'}`}
          aria-label={t('searchClear')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setValue('');
            input.current?.focus();
          }}
        >
          <CloseCircleFilled aria-hidden />
        </button>
      </span>
      <button type="button" className="sh-search-button" onMouseDown={keepFocus} onClick={search}>
        {t('search')}
      </button>
    </span>
  );
}
