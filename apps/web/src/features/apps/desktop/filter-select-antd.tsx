import { Select } from 'antd';

import type { FilterSelectProps } from './filter-select.tsx';

/** The real antd Select of a catalogue filter (its own chunk, loaded by filter-select.tsx when the user comes near). */
export default function FilterSelectAntd({
  testId,
  label,
  value,
  options,
  onChange,
  open,
}: FilterSelectProps & { open: boolean }) {
  return (
    <Select
      className="sh-filter-select"
      data-testid={testId}
      aria-label={label}
      value={value}
      onChange={onChange}
      // The closed select names its filter whatever is chosen ("主管部门: 学生处"); the options are plain values.
      labelRender={(o) => `${label}: ${String(o.label ?? o.value)}`}
      options={options}
      popupMatchSelectWidth={false}
      defaultOpen={open}
      autoFocus={open}
    />
  );
}
