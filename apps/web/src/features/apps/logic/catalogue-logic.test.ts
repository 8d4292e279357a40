// @vitest-environment node
import { describe, expect, it } from 'vitest';

import type { App } from '@service-hall/contracts';

import { ALL, EMPTY_FILTER, filterApps, filterOptions } from './filter-apps.ts';
import { groupByLetter } from './letter-groups.ts';
import { tileLetter } from './palette.ts';

const app = (p: Partial<App>): App =>
  ({
    id: p.code,
    code: 'x',
    name: '',
    tags: '',
    department: '',
    firstLetter: '',
    initials: '',
    pinyin: '',
    ...p,
  }) as App;

const apps = [
  app({
    code: 'leave',
    name: '请假申请',
    tags: '学生服务,常用',
    department: '学生处',
    firstLetter: 'Q',
    initials: 'qjsq',
    pinyin: 'qingjiashenqing',
  }),
  app({
    code: 'reimb',
    name: '报销申请',
    tags: '财务服务,常用',
    department: '财务处',
    firstLetter: 'B',
    initials: 'bxsq',
    pinyin: 'baoxiaoshenqing',
  }),
  app({
    code: 'vpn',
    name: 'VPN 账号申请',
    tags: '信息服务',
    department: '信息中心',
    firstLetter: 'V',
    pinyin: 'vpnzhanghao',
  }),
  app({
    code: 'cert',
    name: '在读证明',
    tags: '学生服务',
    department: '教务处',
    firstLetter: 'Z',
    pinyin: 'zaiduzhengming',
  }),
  app({ code: 'odd', name: '1号通道', tags: '', department: '教务处', firstLetter: '' }),
];

describe('catalogue filters (docs/product.md §4)', () => {
  it('all clears every filter', () => {
    expect(filterApps(apps, EMPTY_FILTER)).toHaveLength(5);
  });
  it('matches name, pinyin initials and full pinyin', () => {
    expect(filterApps(apps, { ...EMPTY_FILTER, text: '请假' }).map((a) => a.code)).toEqual(['leave']);
    expect(filterApps(apps, { ...EMPTY_FILTER, text: 'QJSQ' }).map((a) => a.code)).toEqual(['leave']);
    expect(filterApps(apps, { ...EMPTY_FILTER, text: 'baoxiao' }).map((a) => a.code)).toEqual(['reimb']);
  });
  it('matches the first tag, other tags and the department, combined', () => {
    expect(filterApps(apps, { ...EMPTY_FILTER, tag: '学生服务' }).map((a) => a.code)).toEqual(['leave', 'cert']);
    expect(filterApps(apps, { ...EMPTY_FILTER, otherTag: '常用' }).map((a) => a.code)).toEqual(['leave', 'reimb']);
    expect(filterApps(apps, { ...EMPTY_FILTER, tag: '学生服务', department: '教务处' }).map((a) => a.code)).toEqual([
      'cert',
    ]);
    expect(filterApps(apps, { ...EMPTY_FILTER, tag: ALL, department: '财务处' }).map((a) => a.code)).toEqual(['reimb']);
  });
  it('the first tag is not an "other" tag', () => {
    expect(filterApps(apps, { ...EMPTY_FILTER, otherTag: '学生服务' })).toEqual([]);
  });
  it('offers distinct sorted options', () => {
    const o = filterOptions(apps);
    expect(o.otherTags).toEqual(['常用']);
    expect(o.departments).toHaveLength(4);
    expect(o.tags).toContain('信息服务');
  });
});

describe('A–Z grouping', () => {
  it('groups by firstLetter in order with # last', () => {
    const g = groupByLetter(apps);
    expect(g.map((x) => x.letter)).toEqual(['B', 'Q', 'V', 'Z', '#']);
    expect(g[0].apps[0].code).toBe('reimb');
  });
});

describe('tileLetter', () => {
  it('uses the abbreviation for a Chinese name and the initial for an English one', () => {
    expect(tileLetter({ name: '请假申请', abbreviation: '请假' })).toBe('请');
    expect(tileLetter({ name: 'Leave Request', abbreviation: '请假' })).toBe('L');
    expect(tileLetter({ name: 'vpn account', abbreviation: '' })).toBe('V');
  });
});

describe('groupByLetter in English', () => {
  it('groups English names by their own first letter, not the pinyin of the Chinese name', () => {
    const en = [
      app({ code: 'leave', name: 'Leave Request', firstLetter: 'Q', pinyin: 'qingjiashenqing' }),
      app({ code: 'reimb', name: 'Expense Reimbursement', firstLetter: 'B', pinyin: 'baoxiaoshenqing' }),
      app({ code: 'annual', name: 'Annual Leave', firstLetter: 'N', pinyin: 'nianxiujia' }),
      app({ code: 'lib', name: 'library card', firstLetter: 'T', pinyin: 'tushuzheng' }),
    ];
    expect(groupByLetter(en).map((g) => [g.letter, g.apps.map((a) => a.code)])).toEqual([
      ['A', ['annual']],
      ['E', ['reimb']],
      ['L', ['leave', 'lib']],
    ]);
  });
});
