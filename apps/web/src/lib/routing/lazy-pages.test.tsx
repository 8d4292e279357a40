import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PageLoaders } from './layout-contract.ts';
import { lazyPages, pageLoaders } from './lazy-pages.ts';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('lazyPages', () => {
  it('tells the shell a page was entered before its chunk arrived, once, so its data can load beside the chunk', async () => {
    const chunk = deferred<{ default: ComponentType }>();
    const load = vi.fn(() => chunk.promise);
    const loaders = { todo: load } as unknown as PageLoaders;
    const onEnter = vi.fn();
    const pages = lazyPages(pageLoaders(loaders), onEnter);
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <pages.todo />
      </Suspense>,
    );

    // The chunk is still downloading: the shell already knows, the page is not drawn yet.
    expect(screen.getByText('loading')).toBeTruthy();
    expect(onEnter).toHaveBeenCalledExactlyOnceWith('todo');
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => chunk.resolve({ default: () => <p>rows</p> }));
    expect(screen.getByText('rows')).toBeTruthy();
    // Later visits render the arrived chunk at once; the page asks for its own data then.
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <pages.todo key="again" />
      </Suspense>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('does not call the shell for a page whose chunk was preloaded before it was entered', async () => {
    const loaders = { todo: () => Promise.resolve({ default: () => <p>rows</p> }) } as unknown as PageLoaders;
    const onEnter = vi.fn();
    const loaded = pageLoaders(loaders);
    await loaded.todo();
    const pages = lazyPages(loaded, onEnter);
    render(
      <Suspense fallback={<p>loading</p>}>
        <pages.todo />
      </Suspense>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
    expect(onEnter).not.toHaveBeenCalled();
  });
});
