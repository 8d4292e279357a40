import { Button, CheckList, Popup, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDepartments } from '../../api/list-departments.ts';
import type { PhoneKindProps } from './phone-kind-props.ts';

/** A department chosen from a searchable sheet (GET /api/departments); the value is its id. */
export function PhoneDepartment({ value, onChange, field }: PhoneKindProps<string>) {
  const { t } = useTranslation('apply');
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const departments = useDepartments();
  const all = departments.data ?? [];
  const shown = all.filter((d) => d.name.toLowerCase().includes(keyword.trim().toLowerCase()));
  const name = all.find((d) => d.id === value)?.name ?? value;
  return (
    <>
      <Button block fill="outline" onClick={() => setOpen(true)} data-testid={`field-${field.name}-open`}>
        {value ? name : t('kinds.departmentPlaceholder')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="shm-kind-sheet" destroyOnClose>
        <SearchBar
          placeholder={t('kinds.search')}
          value={keyword}
          onChange={setKeyword}
          aria-label={t('kinds.search')}
        />
        <CheckList
          value={value ? [value] : []}
          onChange={(v) => {
            onChange?.(v[0] as string | undefined);
            setOpen(false);
          }}
        >
          {shown.map((d) => (
            <CheckList.Item key={d.id} value={d.id}>
              {d.name}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </>
  );
}
