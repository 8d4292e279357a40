import type { ComponentType } from 'react';
import {
  AccountBookOutlined, AuditOutlined, BankOutlined, BookOutlined, CalendarOutlined, CarOutlined,
  CoffeeOutlined, DesktopOutlined, ExperimentOutlined, FileDoneOutlined, FileTextOutlined, GlobalOutlined,
  HomeOutlined, IdcardOutlined, LaptopOutlined, MailOutlined, MedicineBoxOutlined, MoneyCollectOutlined,
  ReadOutlined, SafetyCertificateOutlined, ScheduleOutlined, SolutionOutlined, TeamOutlined, ToolOutlined,
  TrophyOutlined, UserOutlined, WalletOutlined, AppstoreOutlined, CarryOutOutlined,
} from '@ant-design/icons';
import type { App } from '@service-hall/contracts';
import { isImageIcon, tileColor, tileLetter } from '../logic/palette.ts';

// App.icon names from the catalogue mapped to antd icons; unknown names fall back to a letter tile.
const ICONS: Record<string, ComponentType> = {
  account: AccountBookOutlined, audit: AuditOutlined, bank: BankOutlined, book: BookOutlined,
  calendar: CalendarOutlined, leave: CalendarOutlined, car: CarOutlined, vehicle: CarOutlined,
  coffee: CoffeeOutlined, desktop: DesktopOutlined, experiment: ExperimentOutlined, lab: ExperimentOutlined,
  'file-done': FileDoneOutlined, file: FileTextOutlined, certificate: SafetyCertificateOutlined,
  global: GlobalOutlined, travel: GlobalOutlined, home: HomeOutlined, dorm: HomeOutlined, idcard: IdcardOutlined,
  card: IdcardOutlined, laptop: LaptopOutlined, mail: MailOutlined, medicine: MedicineBoxOutlined,
  health: MedicineBoxOutlined, money: MoneyCollectOutlined, finance: MoneyCollectOutlined, read: ReadOutlined,
  safety: SafetyCertificateOutlined, schedule: ScheduleOutlined, meeting: ScheduleOutlined,
  solution: SolutionOutlined, team: TeamOutlined, tool: ToolOutlined, repair: ToolOutlined,
  trophy: TrophyOutlined, user: UserOutlined, wallet: WalletOutlined, reimburse: WalletOutlined,
  appstore: AppstoreOutlined, seal: AuditOutlined, stamp: AuditOutlined, carry: CarryOutOutlined,
};

function lookup(icon: string | undefined): ComponentType | undefined {
  if (!icon) return undefined;
  const k = icon.trim().toLowerCase().replace(/outlined$|filled$/, '').replace(/[_\s]/g, '-').replace(/-$/, '');
  return ICONS[k];
}

/** Square coloured tile with the app's icon, image or first character. */
export function AppIcon({ app, size = 44 }: { app: App; size?: number }) {
  const bg = tileColor(app.palette, app.code);
  const style = { width: size, height: size, borderRadius: size / 4, background: bg, fontSize: size * 0.5 };
  if (isImageIcon(app.icon)) {
    return <img src={app.icon} alt="" className="sh-app-icon" style={{ ...style, background: '#fff', objectFit: 'contain' }} />;
  }
  const Icon = lookup(app.icon);
  return (
    <span className="sh-app-icon" style={style} aria-hidden>
      {Icon ? <Icon /> : <span style={{ fontSize: size * 0.42 }}>{tileLetter(app)}</span>}
    </span>
  );
}
