// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { accessiblePrimary, contrastRatio } from './accessible-colour.ts';

describe('accessiblePrimary', () => {
  it("darkens antd's default blue until white on it reaches 4.5:1", () => {
    expect(contrastRatio('#1677ff', '#ffffff')).toBeLessThan(4.5);
    const c = accessiblePrimary('#1677ff');
    expect(contrastRatio(c, '#ffffff')).toBeGreaterThanOrEqual(5.2);
    // On the light tint antd-mobile puts behind a selected item, too.
    expect(contrastRatio(c, '#e7f1ff')).toBeGreaterThanOrEqual(4.5);
    // Still a blue, not black: only as dark as needed.
    expect(contrastRatio(c, '#ffffff')).toBeLessThan(6);
  });

  it('keeps a colour that already passes, and the teal template gets darker too', () => {
    expect(accessiblePrimary('#1f5fbf')).toBe('#1f5fbf');
    expect(contrastRatio('#1f5fbf', '#fff')).toBeGreaterThanOrEqual(5.2);
    expect(contrastRatio(accessiblePrimary('#08979c'), '#fff')).toBeGreaterThanOrEqual(4.5);
  });
});
