// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { demoApps } from '../../../../../server/src/seed/demo-catalogue-data.ts';
import { findGlyph } from './app-glyph.tsx';

describe('app glyphs', () => {
  it('draws a real icon for every demo app (no letter tiles in the demo catalogue)', () => {
    const missing = demoApps.filter((a) => !findGlyph(a.icon)).map((a) => `${a.code}:${a.icon}`);
    expect(missing).toEqual([]);
  });
  it('reads catalogue names in several spellings', () => {
    expect(findGlyph('SafetyCertificateOutlined')?.name).toBe('safety-certificate');
    expect(findGlyph('file-done')?.name).toBe('file-done');
    expect(findGlyph('leave')?.name).toBe('calendar');
    expect(findGlyph('NoSuchIcon')).toBeUndefined();
  });
});
