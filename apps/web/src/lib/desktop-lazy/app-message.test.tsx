import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AppMessageHost, useAppMessage } from './app-message.tsx';

// antd's holder stands in for a list that shows each notice's type and text (antd's message code is exercised by
// the e2e specs; under vitest its CommonJS dependencies would load the root's React 18, apps/web/vitest.config.ts).
let loads = 0;
vi.mock('./antd-message.tsx', () => {
  loads += 1;
  return {
    default: function FakeHolder({ onReady }: { onReady: (api: MessageInstance | null) => void }) {
      const [shown, setShown] = useState<{ type: string; text: ReactNode }[]>([]);
      const api = useMemo(() => {
        const add = (type: string) => (content: ReactNode | ArgsProps) => {
          const text =
            content && typeof content === 'object' && 'content' in content ? content.content : (content as ReactNode);
          setShown((s) => [...s, { type, text }]);
        };
        return {
          success: add('success'),
          error: add('error'),
          info: add('info'),
          warning: add('warning'),
          loading: add('loading'),
          open: (args: ArgsProps) => add(args.type ?? 'info')(args),
          destroy: () => setShown([]),
        } as unknown as MessageInstance;
      }, []);
      useEffect(() => {
        onReady(api);
        return () => onReady(null);
      }, [api, onReady]);
      return (
        <ul>
          {shown.map((m, i) => (
            <li key={i} className={`notice-${m.type}`}>
              {m.text}
            </li>
          ))}
        </ul>
      );
    },
  };
});

function SaveButton() {
  const { message } = useAppMessage();
  return (
    <>
      <button type="button" onClick={() => message.success('已保存')}>
        save
      </button>
      <button type="button" onClick={() => message.open({ type: 'error', key: 'k', content: '保存失败' })}>
        fail
      </button>
    </>
  );
}

describe('useAppMessage', () => {
  it('shows a notice called before the message code has loaded, then later ones at once, in order', async () => {
    // The host would also load at idle: here the browser never idles, so only the first call can load it.
    window.requestIdleCallback = (() => 1) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = () => undefined;
    render(
      <>
        <SaveButton />
        <AppMessageHost />
      </>,
    );
    expect(screen.queryByText('已保存')).toBeNull();
    expect(loads).toBe(0);
    await act(async () => fireEvent.click(screen.getByText('save')));
    expect((await screen.findByText('已保存')).className).toBe('notice-success');
    fireEvent.click(screen.getByText('fail'));
    expect((await screen.findByText('保存失败')).className).toBe('notice-error');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['已保存', '保存失败']);
    expect(loads).toBe(1);
  });
});
