import { createElement, useSyncExternalStore, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * The icon set of app tiles on both layouts: Ant Design's icon paths (@ant-design/icons-svg, plain data, about 0.5 KB
 * each) drawn as inline SVG, so the phone gets real icons without antd's icon component. Keys are the names the
 * catalogue stores ("CalendarOutlined"); a few short aliases keep older catalogues working.
 *
 * Each icon is a chunk of its own, loaded with the list that shows it (`loadGlyphs` in the apps queries), so a page
 * fetches the few icons its catalogue uses instead of the whole set (14 KB compressed on the first load before) and
 * the tiles still draw with their icons at once. Which names the set has is known here without loading anything, so
 * a tile never shows a letter first and an icon later.
 */
const LOADERS: Record<string, () => Promise<{ default: IconDefinition }>> = {
  accountbook: () => import('@ant-design/icons-svg/es/asn/AccountBookOutlined'),
  appstore: () => import('@ant-design/icons-svg/es/asn/AppstoreOutlined'),
  audit: () => import('@ant-design/icons-svg/es/asn/AuditOutlined'),
  bank: () => import('@ant-design/icons-svg/es/asn/BankOutlined'),
  book: () => import('@ant-design/icons-svg/es/asn/BookOutlined'),
  bulb: () => import('@ant-design/icons-svg/es/asn/BulbOutlined'),
  calendar: () => import('@ant-design/icons-svg/es/asn/CalendarOutlined'),
  car: () => import('@ant-design/icons-svg/es/asn/CarOutlined'),
  carryout: () => import('@ant-design/icons-svg/es/asn/CarryOutOutlined'),
  clockcircle: () => import('@ant-design/icons-svg/es/asn/ClockCircleOutlined'),
  cloudserver: () => import('@ant-design/icons-svg/es/asn/CloudServerOutlined'),
  coffee: () => import('@ant-design/icons-svg/es/asn/CoffeeOutlined'),
  container: () => import('@ant-design/icons-svg/es/asn/ContainerOutlined'),
  creditcard: () => import('@ant-design/icons-svg/es/asn/CreditCardOutlined'),
  desktop: () => import('@ant-design/icons-svg/es/asn/DesktopOutlined'),
  download: () => import('@ant-design/icons-svg/es/asn/DownloadOutlined'),
  experiment: () => import('@ant-design/icons-svg/es/asn/ExperimentOutlined'),
  fieldtime: () => import('@ant-design/icons-svg/es/asn/FieldTimeOutlined'),
  filedone: () => import('@ant-design/icons-svg/es/asn/FileDoneOutlined'),
  fileprotect: () => import('@ant-design/icons-svg/es/asn/FileProtectOutlined'),
  filetext: () => import('@ant-design/icons-svg/es/asn/FileTextOutlined'),
  fund: () => import('@ant-design/icons-svg/es/asn/FundOutlined'),
  gift: () => import('@ant-design/icons-svg/es/asn/GiftOutlined'),
  global: () => import('@ant-design/icons-svg/es/asn/GlobalOutlined'),
  heart: () => import('@ant-design/icons-svg/es/asn/HeartOutlined'),
  home: () => import('@ant-design/icons-svg/es/asn/HomeOutlined'),
  idcard: () => import('@ant-design/icons-svg/es/asn/IdcardOutlined'),
  laptop: () => import('@ant-design/icons-svg/es/asn/LaptopOutlined'),
  like: () => import('@ant-design/icons-svg/es/asn/LikeOutlined'),
  lock: () => import('@ant-design/icons-svg/es/asn/LockOutlined'),
  logout: () => import('@ant-design/icons-svg/es/asn/LogoutOutlined'),
  mail: () => import('@ant-design/icons-svg/es/asn/MailOutlined'),
  medicinebox: () => import('@ant-design/icons-svg/es/asn/MedicineBoxOutlined'),
  message: () => import('@ant-design/icons-svg/es/asn/MessageOutlined'),
  moneycollect: () => import('@ant-design/icons-svg/es/asn/MoneyCollectOutlined'),
  paycircle: () => import('@ant-design/icons-svg/es/asn/PayCircleOutlined'),
  printer: () => import('@ant-design/icons-svg/es/asn/PrinterOutlined'),
  profile: () => import('@ant-design/icons-svg/es/asn/ProfileOutlined'),
  read: () => import('@ant-design/icons-svg/es/asn/ReadOutlined'),
  redo: () => import('@ant-design/icons-svg/es/asn/RedoOutlined'),
  rise: () => import('@ant-design/icons-svg/es/asn/RiseOutlined'),
  safetycertificate: () => import('@ant-design/icons-svg/es/asn/SafetyCertificateOutlined'),
  safety: () => import('@ant-design/icons-svg/es/asn/SafetyOutlined'),
  schedule: () => import('@ant-design/icons-svg/es/asn/ScheduleOutlined'),
  send: () => import('@ant-design/icons-svg/es/asn/SendOutlined'),
  smile: () => import('@ant-design/icons-svg/es/asn/SmileOutlined'),
  solution: () => import('@ant-design/icons-svg/es/asn/SolutionOutlined'),
  swap: () => import('@ant-design/icons-svg/es/asn/SwapOutlined'),
  team: () => import('@ant-design/icons-svg/es/asn/TeamOutlined'),
  thunderbolt: () => import('@ant-design/icons-svg/es/asn/ThunderboltOutlined'),
  tool: () => import('@ant-design/icons-svg/es/asn/ToolOutlined'),
  trophy: () => import('@ant-design/icons-svg/es/asn/TrophyOutlined'),
  useradd: () => import('@ant-design/icons-svg/es/asn/UserAddOutlined'),
  user: () => import('@ant-design/icons-svg/es/asn/UserOutlined'),
  wallet: () => import('@ant-design/icons-svg/es/asn/WalletOutlined'),
  wifi: () => import('@ant-design/icons-svg/es/asn/WifiOutlined'),
};
const ALIASES: Record<string, string> = {
  leave: 'calendar', vehicle: 'car', lab: 'experiment', certificate: 'safetycertificate', travel: 'global',
  dorm: 'home', card: 'idcard', health: 'medicinebox', medicine: 'medicinebox', money: 'moneycollect',
  finance: 'moneycollect', meeting: 'schedule', repair: 'tool', reimburse: 'wallet', seal: 'audit', stamp: 'audit',
  file: 'filetext', carry: 'carryout',
};

const loaded = new Map<string, IconDefinition>();
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

/** The set's key for a catalogue icon name ("CalendarOutlined", "calendar", "file-done"), if the set has it. */
export function findGlyph(icon: string | undefined): string | undefined {
  if (!icon) return undefined;
  const k = icon.trim().toLowerCase().replace(/(outlined|filled)$/, '').replace(/[-_\s]/g, '');
  if (k in LOADERS) return k;
  const alias = ALIASES[k];
  return alias && alias in LOADERS ? alias : undefined;
}

/** Loads the icons of these catalogue names (those the set has), each once; resolves when all are there. */
export function loadGlyphs(icons: Array<string | undefined>): Promise<void> {
  const keys = [...new Set(icons.map(findGlyph).filter((k): k is string => !!k && !loaded.has(k)))];
  return Promise.all(keys.map((k) => {
    let p = pending.get(k);
    if (!p) {
      p = LOADERS[k]().then((m) => {
        loaded.set(k, m.default);
        for (const l of listeners) l();
      }, () => { pending.delete(k); });
      pending.set(k, p);
    }
    return p;
  })).then(() => undefined);
}

/** The loaded icon of a key (undefined until `loadGlyphs` has brought it). */
export function loadedGlyph(key: string): IconDefinition | undefined {
  return loaded.get(key);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(draw));
}

/**
 * A decorative glyph in the current text colour, 1em square (hidden from screen readers: the app's name is read).
 * Its lists load it before they draw; if one did not, the 1em box is drawn empty and filled when the icon arrives.
 */
export function Glyph({ glyph }: { glyph: string }) {
  const def = useSyncExternalStore(subscribe, () => loaded.get(glyph));
  if (!def) void loadGlyphs([glyph]);
  const root = def?.icon as AbstractNode | undefined;
  return createElement('svg', {
    viewBox: '64 64 896 896', ...root?.attrs, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': true,
    focusable: 'false',
  }, root?.children?.map(draw));
}
