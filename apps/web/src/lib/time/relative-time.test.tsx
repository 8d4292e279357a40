import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { RelativeTime } from './relative-time.tsx';

describe('RelativeTime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const seconds = Math.floor(Date.now() / 1000) - 600;

  it('carries the exact time for hover and a machine-readable dateTime', () => {
    const { container } = render(<RelativeTime seconds={seconds} />);
    const time = container.querySelector('time')!;
    expect(time.getAttribute('title')).toMatch(/\d{2}:\d{2}/);
    expect(time.getAttribute('datetime')).toBe(new Date(seconds * 1000).toISOString());
  });

  it('a long press reveals the exact time and does not count as a tap on the row', () => {
    const reveal = vi.fn();
    const rowTap = vi.fn();
    const { container } = render(
      <div onClick={rowTap}>
        <RelativeTime seconds={seconds} reveal={reveal} />
      </div>,
    );
    const time = container.querySelector('time')!;
    fireEvent.touchStart(time);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    fireEvent.touchEnd(time);
    fireEvent.click(time);
    expect(reveal).toHaveBeenCalledWith(time.getAttribute('title'));
    expect(rowTap).not.toHaveBeenCalled();
  });

  it('a short tap is a tap on the row', () => {
    const reveal = vi.fn();
    const rowTap = vi.fn();
    const { container } = render(
      <div onClick={rowTap}>
        <RelativeTime seconds={seconds} reveal={reveal} />
      </div>,
    );
    const time = container.querySelector('time')!;
    fireEvent.touchStart(time);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.touchEnd(time);
    fireEvent.click(time);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(reveal).not.toHaveBeenCalled();
    expect(rowTap).toHaveBeenCalledOnce();
  });

  it('an impossible time reads as a dash without throwing', () => {
    const { container } = render(<RelativeTime seconds={9_000_000_000_000} />);
    expect(container.querySelector('time')!.hasAttribute('datetime')).toBe(false);
  });
});
