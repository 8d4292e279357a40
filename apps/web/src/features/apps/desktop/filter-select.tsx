import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';

export interface FilterSelectProps {
  testId: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (v: string) => void;
}

const FilterSelectAntd = lazy(() => import('./filter-select-antd.tsx'));

/** Loads the antd Select chunk once for every filter of the page. */
let requested = false;
export function loadFilterSelect(): void {
  if (requested) return;
  requested = true;
  void import('./filter-select-antd.tsx');
}

/**
 * A catalogue filter. antd's Select is 23 KB gzipped that the home page does not need to show a closed filter, so
 * until the pointer or focus comes near (`active`) a look-alike button stands in; a click on it opens the real one.
 */
export function FilterSelect(props: FilterSelectProps & { active: boolean }) {
  const [clicked, setClicked] = useState(false);
  const shown = props.options.find((o) => o.value === props.value)?.label ?? props.value;
  // Mouse down, like antd's own Select: the real one may replace this button between press and release.
  const open = () => {
    loadFilterSelect();
    setClicked(true);
  };
  const stub = (
    <button
      type="button"
      className="sh-select-stub"
      data-testid={props.testId}
      aria-haspopup="listbox"
      onMouseDown={open}
      onClick={open}
    >
      <span className="sh-select-stub-text">{`${props.label}: ${shown}`}</span>
      <DownOutlined className="sh-select-stub-arrow" aria-hidden />
    </button>
  );
  return (
    <Suspense fallback={stub}>
      {props.active || clicked ? <FilterSelectAntd {...props} open={clicked} /> : stub}
    </Suspense>
  );
}
