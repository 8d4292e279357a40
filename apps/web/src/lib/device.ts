export interface Device {
  mobile: boolean;
  /** Page-template terminal (docs/product.md §2): wechat inside WeChat, workflow elsewhere. */
  terminal: 'workflow' | 'wechat';
}

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
  current ??= detectDevice();
  return current;
}
