export interface Device {
  mobile: boolean;
  /** Page-template terminal (docs/product.md §2): wechat inside WeChat, workflow elsewhere. */
  terminal: 'workflow' | 'wechat';
}

/**
 * True in the phone build (`vite build --mode phone`: phone.html, Preact), which the server sends only where the rule
 * below says phone; a constant, so the bundler drops the desktop's code from that build.
 */
export const PHONE_BUILD = import.meta.env.MODE === 'phone';

// The same rule: public/boot-shell.js and the server's choice of page (apps/server/src/platform/spa-routes.ts).
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|MicroMessenger/i;

/** Picks the layout from the user-agent (docs/product.md §1); a query ?layout=desktop|mobile overrides it for testing. */
export function detectDevice(ua: string = navigator.userAgent, search: string = window.location.search): Device {
  const forced = new URLSearchParams(search).get('layout');
  const wechat = /MicroMessenger/i.test(ua);
  const mobile = forced ? forced === 'mobile' : MOBILE_UA.test(ua);
  return { mobile, terminal: wechat ? 'wechat' : 'workflow' };
}

let current: Device | null = null;

/** The device detected at start-up (memoised). */
export function device(): Device {
  current ??= PHONE_BUILD ? { ...detectDevice(), mobile: true } : detectDevice();
  return current;
}
