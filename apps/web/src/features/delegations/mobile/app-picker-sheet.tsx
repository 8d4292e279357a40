import { CheckList, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { App } from '@service-hall/contracts';

import { appMatchesText } from '../../../lib/domain/app-text-match.ts';
import { SheetDialog } from '../../../lib/ui/sheet-dialog.tsx';

interface Props {
  visible: boolean;
  apps: App[];
  /** '' is every app. */
  value: string;
  onPick: (appId: string) => void;
  onClose: () => void;
}

/**
 * The phone's app picker of a new delegation: a searchable list, since a wheel of 51 names cannot be typed into.
 * The search understands pinyin like the catalogue and the desktop picker ("qjsq" finds 请假申请).
 */
export function AppPickerSheet({ visible, apps, value, onPick, onClose }: Props) {
  const { t } = useTranslation('delegations');
  const [text, setText] = useState('');
  const shown = apps.filter((a) => appMatchesText(a, text));
  return (
    <SheetDialog visible={visible} title={t('col.app')} onClose={onClose} testId="delegation-app-picker">
      <SearchBar
        placeholder={t('searchApp')}
        value={text}
        onChange={setText}
        data-testid="delegation-app-search"
        aria-label={t('searchApp')}
      />
      <CheckList
        value={[value]}
        onChange={(v) => {
          onPick(String(v[0] ?? ''));
          onClose();
        }}
      >
        {!text && (
          <CheckList.Item value="" data-testid="delegation-app-all">
            {t('allApps')}
          </CheckList.Item>
        )}
        {shown.map((a) => (
          <CheckList.Item key={a.id} value={a.id} data-testid={`delegation-app-${a.code}`}>
            {a.name}
          </CheckList.Item>
        ))}
      </CheckList>
    </SheetDialog>
  );
}
