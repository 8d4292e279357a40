import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ImportReport } from '@service-hall/contracts';

import { initI18n } from '../../../i18n/index.ts';
import { applyEncoding, importStep } from './import-logic.ts';

import '../../../i18n/locales/lazy/adminPeople.ts';

// antd does not render under vitest (apps/web/vitest.config.ts): the page's choice of step and its texts are
// checked here.
const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  dryRun: true,
  applied: false,
  created: 1,
  changed: 0,
  unchanged: 0,
  errors: 0,
  rows: [{ line: 2, key: 'zm01', outcome: 'create', changes: [], errors: [] }],
  encoding: 'gbk',
  readings: [],
  ...over,
});
const undecided = report({
  created: 0,
  rows: [],
  encoding: null,
  readings: [
    {
      encoding: 'utf-8',
      lines: [
        { line: 1, cells: ['account', 'name'] },
        { line: 2, cells: ['zm01', '\u05a5è'] },
      ],
    },
    {
      encoding: 'gbk',
      lines: [
        { line: 1, cells: ['account', 'name'] },
        { line: 2, cells: ['zm01', '芝猫'] },
      ],
    },
  ],
});

describe('the console import page', () => {
  beforeAll(async () => {
    await initI18n('zh');
  });

  it('asks for the encoding of a file that reads both ways before anything can be applied', () => {
    expect(importStep(undecided)).toBe('choose');
    expect(importStep(report())).toBe('apply');
    expect(importStep(report({ errors: 1 }))).toBe('fix');
    expect(importStep(report({ dryRun: false, applied: true }))).toBe('done');
  });

  it('applies in the encoding the preview was read in', () => {
    expect(applyEncoding(report({ encoding: 'gbk' }), 'auto')).toBe('gbk');
    expect(applyEncoding(report({ encoding: 'utf-8' }), 'auto')).toBe('utf-8');
    expect(applyEncoding(undecided, 'gbk')).toBe('gbk');
  });

  it('words the question in both languages', () => {
    const t = (lng: string, key: string, encoding?: string) => i18next.t(key, { ns: 'adminPeople', lng, encoding });
    expect(t('zh', 'encodingUndecided')).toBe('无法确定文件编码');
    expect(t('zh', 'encodingUndecidedHint')).toBe(
      '该文件按 UTF-8 和 GBK 都能读取，请对比下面两种读法，选择姓名显示正确的一种，随后将按所选编码重新预览。',
    );
    expect(t('zh', 'useEncoding', 'GBK')).toBe('按 GBK 读取');
    expect(t('en', 'encodingUndecided')).toBe('Which encoding is this file in?');
    expect(t('en', 'encodingUndecidedHint')).toBe(
      'The file reads both as UTF-8 and as GBK. Compare the two readings below, pick the one whose names look right, and it is previewed again.',
    );
    expect(t('en', 'useEncoding', 'GBK')).toBe('Read as GBK');
  });
});
