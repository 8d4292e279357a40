import { describe, expect, it } from 'vitest';
import { demoApps } from '../../../../../server/src/seed/demo-catalogue-data.ts';
import { findGlyph, loadedGlyph, loadGlyphs } from './app-glyph.tsx';

describe('app glyphs', () => {
  it('draws a real icon for every demo app (no letter tiles in the demo catalogue)', async () => {
    const missing = demoApps.filter((a) => !findGlyph(a.icon)).map((a) => `${a.code}:${a.icon}`);
    expect(missing).toEqual([]);
    await loadGlyphs(demoApps.map((a) => a.icon));
    const notLoaded = demoApps.filter((a) => loadedGlyph(findGlyph(a.icon)!)?.theme !== 'outlined').map((a) => a.code);
    expect(notLoaded).toEqual([]);
  });
  it('reads catalogue names in several spellings', () => {
    expect(findGlyph('SafetyCertificateOutlined')).toBe('safetycertificate');
    expect(findGlyph('file-done')).toBe('filedone');
    expect(findGlyph('leave')).toBe('calendar');
    expect(findGlyph('NoSuchIcon')).toBeUndefined();
  });
});
