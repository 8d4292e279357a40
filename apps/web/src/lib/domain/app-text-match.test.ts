// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { appMatchesText } from './app-text-match.ts';

describe('appMatchesText', () => {
  const leave = { name: '请假申请', initials: 'qjsq', pinyin: 'qingjiashenqing', abbreviation: '请假' };
  it('matches name, initials and full pinyin, ignoring case and spaces around', () => {
    expect(appMatchesText(leave, 'qjsq')).toBe(true);
    expect(appMatchesText(leave, ' QingJia ')).toBe(true);
    expect(appMatchesText(leave, '请假')).toBe(true);
    expect(appMatchesText(leave, 'bx')).toBe(false);
  });
});
