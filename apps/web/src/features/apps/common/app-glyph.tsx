import AccountBookOutlined from '@ant-design/icons-svg/es/asn/AccountBookOutlined';
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CarOutlined from '@ant-design/icons-svg/es/asn/CarOutlined';
import CarryOutOutlined from '@ant-design/icons-svg/es/asn/CarryOutOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import CloudServerOutlined from '@ant-design/icons-svg/es/asn/CloudServerOutlined';
import CoffeeOutlined from '@ant-design/icons-svg/es/asn/CoffeeOutlined';
import ContainerOutlined from '@ant-design/icons-svg/es/asn/ContainerOutlined';
import CreditCardOutlined from '@ant-design/icons-svg/es/asn/CreditCardOutlined';
import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import ExperimentOutlined from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import FieldTimeOutlined from '@ant-design/icons-svg/es/asn/FieldTimeOutlined';
import FileDoneOutlined from '@ant-design/icons-svg/es/asn/FileDoneOutlined';
import FileProtectOutlined from '@ant-design/icons-svg/es/asn/FileProtectOutlined';
import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import FundOutlined from '@ant-design/icons-svg/es/asn/FundOutlined';
import GiftOutlined from '@ant-design/icons-svg/es/asn/GiftOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import LaptopOutlined from '@ant-design/icons-svg/es/asn/LaptopOutlined';
import LikeOutlined from '@ant-design/icons-svg/es/asn/LikeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import MedicineBoxOutlined from '@ant-design/icons-svg/es/asn/MedicineBoxOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import MoneyCollectOutlined from '@ant-design/icons-svg/es/asn/MoneyCollectOutlined';
import PayCircleOutlined from '@ant-design/icons-svg/es/asn/PayCircleOutlined';
import PrinterOutlined from '@ant-design/icons-svg/es/asn/PrinterOutlined';
import ProfileOutlined from '@ant-design/icons-svg/es/asn/ProfileOutlined';
import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import RiseOutlined from '@ant-design/icons-svg/es/asn/RiseOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import ScheduleOutlined from '@ant-design/icons-svg/es/asn/ScheduleOutlined';
import SendOutlined from '@ant-design/icons-svg/es/asn/SendOutlined';
import SmileOutlined from '@ant-design/icons-svg/es/asn/SmileOutlined';
import SolutionOutlined from '@ant-design/icons-svg/es/asn/SolutionOutlined';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import ThunderboltOutlined from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import TrophyOutlined from '@ant-design/icons-svg/es/asn/TrophyOutlined';
import UserAddOutlined from '@ant-design/icons-svg/es/asn/UserAddOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import WifiOutlined from '@ant-design/icons-svg/es/asn/WifiOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

/**
 * The icon set of app tiles on both layouts: Ant Design's icon paths (@ant-design/icons-svg, plain data, about 0.5 KB
 * each) drawn as inline SVG, so the phone gets real icons without antd's icon component. Keys are the names the
 * catalogue stores ("CalendarOutlined"); a few short aliases keep older catalogues working.
 */
const SET: IconDefinition[] = [
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  BulbOutlined,
  CalendarOutlined,
  CarOutlined,
  CarryOutOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  CoffeeOutlined,
  ContainerOutlined,
  CreditCardOutlined,
  DesktopOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FundOutlined,
  GiftOutlined,
  GlobalOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  LaptopOutlined,
  LikeOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  PayCircleOutlined,
  PrinterOutlined,
  ProfileOutlined,
  ReadOutlined,
  RedoOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SmileOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserAddOutlined,
  UserOutlined,
  WalletOutlined,
  WifiOutlined,
];
const BY_NAME = new Map<string, IconDefinition>();
for (const d of SET) BY_NAME.set(`${d.name}`.replace(/-/g, ''), d);
const ALIASES: Record<string, string> = {
  leave: 'calendar',
  vehicle: 'car',
  lab: 'experiment',
  certificate: 'safetycertificate',
  travel: 'global',
  dorm: 'home',
  card: 'idcard',
  health: 'medicinebox',
  medicine: 'medicinebox',
  money: 'moneycollect',
  finance: 'moneycollect',
  meeting: 'schedule',
  repair: 'tool',
  reimburse: 'wallet',
  seal: 'audit',
  stamp: 'audit',
  file: 'filetext',
  carry: 'carryout',
};

/** The glyph for a catalogue icon name ("CalendarOutlined", "calendar", "file-done"), if the set has it. */
export function findGlyph(icon: string | undefined): IconDefinition | undefined {
  if (!icon) return undefined;
  const k = icon
    .trim()
    .toLowerCase()
    .replace(/(outlined|filled)$/, '')
    .replace(/[-_\s]/g, '');
  return BY_NAME.get(k) ?? BY_NAME.get(ALIASES[k] ?? '');
}

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(draw));
}

/** A decorative glyph in the current text colour, 1em square (hidden from screen readers: the app's name is read). */
export function Glyph({ glyph }: { glyph: IconDefinition }) {
  const root = glyph.icon as AbstractNode;
  return createElement(
    'svg',
    {
      ...root.attrs,
      width: '1em',
      height: '1em',
      fill: 'currentColor',
      'aria-hidden': true,
      focusable: 'false',
    },
    root.children?.map(draw),
  );
}
