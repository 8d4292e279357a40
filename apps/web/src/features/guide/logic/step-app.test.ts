// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { stepAppTarget } from './step-app.ts';

describe('stepAppTarget', () => {
  it('opens external addresses as they are, absolute or a path on this server; the apply page inside', () => {
    expect(stepAppTarget({ appCode: 'tuition', appUrl: 'https://pay.example.edu/jf' } as never)).toEqual({
      internal: false,
      to: 'https://pay.example.edu/jf',
    });
    expect(stepAppTarget({ appCode: 'tuition', appUrl: '/demo-external/sys-cwxt/jf' } as never)).toEqual({
      internal: false,
      to: '/demo-external/sys-cwxt/jf',
    });
    expect(stepAppTarget({ appCode: 'leave', appUrl: '/workflow/apply?code=leave' } as never).internal).toBe(true);
    expect(stepAppTarget({ appCode: 'leave' } as never).internal).toBe(true);
  });
});
