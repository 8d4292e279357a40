import { afterEach, describe, expect, it, vi } from 'vitest';

import { isChunkLoadError, reloadOnce, waitUntilReachable, withChunkRecovery } from './chunk-recovery.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('chunk recovery', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('knows the chunk errors of Chromium, Firefox, Safari and Vite', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('retries once and gives the page when the second try works', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null)));
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /a.js'))
      .mockResolvedValueOnce('page');
    await expect(withChunkRecovery(load, async () => undefined)()).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not retry other errors', async () => {
    const load = vi.fn().mockRejectedValue(new Error('boom'));
    await expect(withChunkRecovery(load, async () => undefined)()).rejects.toThrow('boom');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits until the server answers before trying again', async () => {
    let calls = 0;
    const probe = vi.fn(async () => {
      if (++calls < 3) throw new TypeError('Failed to fetch');
    });
    const pauses: number[] = [];
    await waitUntilReachable(async (ms) => void pauses.push(ms), probe);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(pauses).toEqual([2000, 2000]);
  });

  it('reloads the same address once, not in a loop', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      href: 'http://h/workflow/todo',
      reload,
    } as Location);
    const storage = memoryStorage();
    expect(reloadOnce(storage, 1_000)).toBe(true);
    expect(reloadOnce(storage, 2_000)).toBe(false);
    expect(reloadOnce(storage, 60_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
