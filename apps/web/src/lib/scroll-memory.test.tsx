import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useNavigate, type NavigateFunction } from 'react-router';
import { ScrollMemory } from './scroll-memory.ts';

afterEach(cleanup);

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
});
