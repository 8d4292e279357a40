// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { highlight } from './highlight.ts';

describe('highlight', () => {
  it('marks every token, case-insensitively', () => {
    expect(highlight('VPN 账号 vpn', ['vpn'])).toEqual([
      { text: 'VPN', hit: true },
      { text: ' 账号 ', hit: false },
      { text: 'vpn', hit: true },
    ]);
  });
  it('prefers the longest token and ignores empty ones', () => {
    expect(highlight('请假申请流程', ['请假', '请假申请', ''])).toEqual([
      { text: '请假申请', hit: true },
      { text: '流程', hit: false },
    ]);
  });
  it('treats regex characters literally', () => {
    expect(highlight('a.b(c)', ['.b('])).toEqual([
      { text: 'a', hit: false },
      { text: '.b(', hit: true },
      { text: 'c)', hit: false },
    ]);
  });
  it('returns the whole text when nothing matches', () => {
    expect(highlight('报销', ['vpn'])).toEqual([{ text: '报销', hit: false }]);
  });
});
