import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ScrollMemory } from './scroll-memory.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ScrollMemory (ScrollRestoration for the declarative router)', () => {
  it('a new address starts at the top; back returns to where the list was scrolled', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    let navigate: NavigateFunction = () => {};
    function Page() {
      navigate = useNavigate();
      return <ScrollMemory />;
    }
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/workflow/todo'] });
    render(<RouterProvider router={router} />);
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    scrollTo.mockClear();
    await act(async () => navigate('/workflow/detail?id=1'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(async () => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('back keeps trying while the page is still too short, as when its content is drawn after the shell (Preact)', async () => {
    // The document can scroll to `max` at most; the list's content arrives a few frames after the back navigation.
    let max = 10_000;
    let y = 0;
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
      y = Math.min(top, max);
    }) as typeof window.scrollTo);
    Object.defineProperty(window, 'scrollY', { get: () => y, configurable: true });
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(performance.now()), 5));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
    let navigate: NavigateFunction = () => {};
    function Page() {
      navigate = useNavigate();
      return <ScrollMemory />;
    }
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/workflow/index'] });
    render(<RouterProvider router={router} />);
    y = 992;
    window.dispatchEvent(new Event('scroll'));
    await act(async () => navigate('/workflow/apply?code=leave'));
    expect(y).toBe(0);
    max = 200; // the index page has not drawn its list yet
    await act(async () => navigate(-1));
    expect(y).toBe(200);
    max = 10_000; // now it has
    await waitFor(() => expect(y).toBe(992));
  });
});
