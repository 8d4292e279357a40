import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RouteError } from './route-error.tsx';

// The boundary's words are not what is tested here.
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('a route whose code could not be loaded', () => {
  it("reloads the page only once the server answers again, not into the browser's offline page", async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      href: 'http://h/workflow/index',
      reload,
    } as Location);
    let reachable = false;
    const fetch = vi.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return new Response(null);
    });
    vi.stubGlobal('fetch', fetch);

    render(
      <MemoryRouter>
        <RouteError error={new TypeError('Failed to fetch dynamically imported module: /assets/todo.js')} />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(fetch.mock.calls.length, 'the server was asked again while unreachable').toBeGreaterThan(1);
    expect(reload).not.toHaveBeenCalled();

    reachable = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
