// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text has both languages. The end-to-end journeys run one language per layout (e2e/playwright.config.ts),
 * so a key added in Chinese only would show its raw key to an English reader on a screen no journey reads in English:
 * this compares the key sets of every Chinese text file with its English twin. Plural forms are one key
 * (`count` in Chinese, `count_one`/`count_other` in English).
 */
const src = path.resolve(import.meta.dirname, '..');

function chineseFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return chineseFiles(full);
    const inZhFolder = path.basename(dir) === 'zh' && dir.includes(`${path.sep}locales`);
    return e.name.endsWith('.json') && (e.name === 'zh.json' || inZhFolder) ? [full] : [];
  });
}

const englishTwin = (zh: string) =>
  path.basename(zh) === 'zh.json'
    ? path.join(path.dirname(zh), 'en.json')
    : path.join(path.dirname(zh), '..', 'en', path.basename(zh));

function keys(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([k, v]) =>
    v !== null && typeof v === 'object'
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('texts in both languages', () => {
  const files = chineseFiles(src);

  it('finds the text files of the portal and of the lazily loaded features', () => {
    expect(files.length).toBeGreaterThanOrEqual(18);
    expect(files.some((f) => f.includes(`${path.sep}lazy${path.sep}`))).toBe(true);
  });

  it.each(files.map((f) => [path.relative(src, f)]))('%s has the same keys in English', (rel) => {
    const zh = path.join(src, rel);
    expect(fs.existsSync(englishTwin(zh)), `no English file beside ${rel}`).toBe(true);
    expect([...new Set(keys(read(englishTwin(zh))))].sort()).toEqual([...new Set(keys(read(zh)))].sort());
  });
});
