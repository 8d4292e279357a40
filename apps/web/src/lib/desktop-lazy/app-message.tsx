// The desktop pages' notices (saved, failed…): antd's `App` put its message, modal and notification code (≈ 45 KB
// gzipped with the form and trigger code its modal pulls) into every first load, for notices no first screen shows.
// This is the same message API, themed by the same ConfigProvider, whose antd part loads on first use.
import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';
import { createElement, useEffect, useState, type ComponentType, type Key } from 'react';

import { waitForOnline } from '../routing/chunk-recovery.ts';
import { whenIdle } from '../ui/when-idle.ts';

type Holder = ComponentType<{ onReady: (api: MessageInstance | null) => void }>;
type Content = ArgsProps['content'];
type Notice = (content: Content | ArgsProps, duration?: number, onClose?: () => void) => void;

/** What pages call: antd's message methods, without their return value (no page used it). */
export interface AppMessage {
  success: Notice;
  error: Notice;
  info: Notice;
  warning: Notice;
  loading: Notice;
  open: (args: ArgsProps) => void;
  destroy: (key?: Key) => void;
}

let api: MessageInstance | null = null;
/** Calls made before antd's part arrived, shown in order once it has. */
const waiting: ((api: MessageInstance) => void)[] = [];
let wanted = false;
let wake: (() => void) | null = null;

function run(call: (api: MessageInstance) => void) {
  if (api) return call(api);
  waiting.push(call);
  wanted = true;
  wake?.();
}

const notice =
  (type: 'success' | 'error' | 'info' | 'warning' | 'loading'): Notice =>
  (content, duration, onClose) =>
    run((a) => void a[type](content, duration, onClose));

const message: AppMessage = {
  success: notice('success'),
  error: notice('error'),
  info: notice('info'),
  warning: notice('warning'),
  loading: notice('loading'),
  open: (args) => run((a) => void a.open(args)),
  destroy: (key) => {
    if (api) api.destroy(key);
    // Not shown yet: a destroyed notice never appears.
    else if (key === undefined) waiting.length = 0;
  },
};

/** In place of antd's `App.useApp()`: `const { message } = useAppMessage();` — the same object on every render. */
export function useAppMessage(): { message: AppMessage } {
  return { message };
}

const ready = (instance: MessageInstance | null) => {
  api = instance;
  if (instance) for (const call of waiting.splice(0)) call(instance);
};

let holder: Holder | null = null;
let loading: Promise<Holder> | null = null;
// A failed download (offline) is forgotten, so the next attempt fetches again.
const loadHolder = () =>
  (loading ??= import('./antd-message.tsx').then(
    (m) => (holder = m.default),
    (error) => {
      loading = null;
      throw error;
    },
  ));

/**
 * Rendered once inside the desktop ConfigProvider. Mounts antd's message holder when a page first calls the API,
 * or once the browser is idle after the first paint — so a notice shown while offline (a failed save) still appears.
 */
export function AppMessageHost() {
  const [Holder, setHolder] = useState<Holder | null>(() => holder);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (Holder) return;
    let live = true;
    const load = () =>
      void loadHolder().then(
        (h) => live && setHolder(() => h),
        () => void waitForOnline().then(() => live && setAttempt((n) => n + 1)),
      );
    wake = load;
    if (wanted) {
      load();
      return () => {
        live = false;
        wake = null;
      };
    }
    const cancel = whenIdle(load, 3000);
    return () => {
      live = false;
      wake = null;
      cancel();
    };
  }, [Holder, attempt]);
  return Holder ? createElement(Holder, { onReady: ready }) : null;
}
