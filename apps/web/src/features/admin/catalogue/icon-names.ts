/**
 * Built-in icon names an app may use instead of an upload: the glyphs both layouts draw
 * (features/apps/common/app-glyph.tsx). Names only here, so the console does not carry the glyphs' paths.
 */
export const BUILT_IN_ICONS = [
  'AccountBookOutlined', 'AppstoreOutlined', 'AuditOutlined', 'BankOutlined', 'BookOutlined', 'BulbOutlined',
  'CalendarOutlined', 'CarOutlined', 'CarryOutOutlined', 'ClockCircleOutlined', 'CloudServerOutlined', 'CoffeeOutlined',
  'ContainerOutlined', 'CreditCardOutlined', 'DesktopOutlined', 'DownloadOutlined', 'ExperimentOutlined',
  'FieldTimeOutlined', 'FileDoneOutlined', 'FileProtectOutlined', 'FileTextOutlined', 'FundOutlined', 'GiftOutlined',
  'GlobalOutlined', 'HeartOutlined', 'HomeOutlined', 'IdcardOutlined', 'LaptopOutlined', 'LikeOutlined', 'LockOutlined',
  'MailOutlined', 'MedicineBoxOutlined', 'MessageOutlined', 'MoneyCollectOutlined', 'PayCircleOutlined',
  'PrinterOutlined', 'ProfileOutlined', 'ReadOutlined', 'SafetyCertificateOutlined', 'ScheduleOutlined', 'SendOutlined',
  'SolutionOutlined', 'SwapOutlined', 'TeamOutlined', 'ToolOutlined', 'TrophyOutlined', 'UserOutlined',
  'WalletOutlined', 'WifiOutlined',
] as const;

/** Whether an icon value is an uploaded (or any) image address rather than a built-in name. */
export const isImageAddress = (icon: string) => /^(https?:|\/)/.test(icon);
