import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StarRating } from './star-rating.tsx';

describe('StarRating', () => {
  it("fills stars in halves, as the card showed with antd's Rate, and reads the value aloud", () => {
    const { container, getByRole } = render(<StarRating value={3.7} label={(v) => `评分 ${v}`} />);
    const widths = [...container.querySelectorAll<HTMLElement>('.sh-star-on')].map((s) => s.style.width);
    expect(widths).toEqual(['100%', '100%', '100%', '50%', '0%']);
    expect(getByRole('img').getAttribute('aria-label')).toBe('评分 3.5');
  });
});
