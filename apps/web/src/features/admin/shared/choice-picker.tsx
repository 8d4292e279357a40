import { Select } from 'antd';

import { localName, useChoices } from './choices.ts';

type Kind = 'roles' | 'departments' | 'systems';

interface PickerProps<V> {
  value?: V;
  onChange?: (value: V) => void;
  id?: string;
  placeholder?: string;
  ariaLabel?: string;
  testId?: string;
}

/**
 * Picks roles, departments or systems by name or key (antd Select with search), from GET /api/admin/choices. A
 * value the list does not know (a role removed since) still shows, by its key, so saving does not drop it silently.
 */
function ChoicePicker({
  kind,
  multiple,
  value,
  onChange,
  id,
  placeholder,
  ariaLabel,
  testId,
}: PickerProps<string[] | string | null> & {
  kind: Kind;
  multiple: boolean;
}) {
  const choices = useChoices();
  const known = (choices.data?.[kind] ?? []).map((c) => ({ value: c.value, label: `${localName(c)} (${c.value})` }));
  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const unknown = chosen.filter((v) => !known.some((k) => k.value === v)).map((v) => ({ value: v, label: v }));
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
      placeholder={placeholder}
      showSearch
      allowClear
      mode={multiple ? 'multiple' : undefined}
      optionFilterProp="label"
      loading={choices.isPending}
      value={multiple ? chosen : (value ?? undefined)}
      options={[...known, ...unknown]}
      onChange={(v: string[] | string | undefined) =>
        onChange?.(multiple ? ((v as string[] | undefined) ?? []) : ((v as string | undefined) ?? null))
      }
    />
  );
}

/** Role codes (several). */
export const RolesPicker = (p: PickerProps<string[]>) => (
  <ChoicePicker kind="roles" multiple {...(p as PickerProps<string[] | string | null>)} />
);

/** Department ids (several). */
export const DepartmentsPicker = (p: PickerProps<string[]>) => (
  <ChoicePicker kind="departments" multiple {...(p as PickerProps<string[] | string | null>)} />
);

/** One department id, or none. */
export const DepartmentPicker = (p: PickerProps<string | null>) => (
  <ChoicePicker kind="departments" multiple={false} {...(p as PickerProps<string[] | string | null>)} />
);

/** One system id, or none. */
export const SystemPicker = (p: PickerProps<string | null>) => (
  <ChoicePicker kind="systems" multiple={false} {...(p as PickerProps<string[] | string | null>)} />
);
