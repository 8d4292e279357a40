/** Wire shapes of the workflow API (spec §3). Times are integer seconds, ids are strings. */

export interface Named {
  id: string;
  name: string;
}

export interface Owner {
  id: string;
  name: string;
  account: string;
}

export interface SystemRef {
  id: string;
  name: string;
}

export interface App {
  id: string;
  code: string;
  name: string;
  uri: string;
  /** Comma-separated; the first tag is the catalogue's main category. */
  tags: string;
  icon: string;
  department: string;
  abbreviation: string;
  description: string;
  /** Higher ranks first among recommended apps. */
  recommend: number;
  palette: string;
  rating: number;
  rated: number;
  system: SystemRef | null;
  processCounters: { completed: number };
  /** A–Z grouping letter taken from the name (pinyin for Chinese names). */
  firstLetter: string;
  /** Pinyin initials, e.g. "qjsq" for 请假申请. */
  initials: string;
  /** Full pinyin without tones or spaces, e.g. "qingjiashenqing". */
  pinyin: string;
  /** True when the app runs on our engine (opens /workflow/apply?code=…). */
  builtin: boolean;
}

export interface AppStat {
  id: string;
  processCounters: { completed: number };
}

export interface Action {
  id: string;
  name: string;
}

export interface TaskProcessRef {
  id: string;
  name: string;
  uri: string;
  tags: string;
  entry: string;
  owner: Owner;
  app: { id: string; name: string };
  system: { name: string };
}

export interface Task {
  id: string;
  name: string;
  assignTime: number;
  uri: string;
  actionName: string;
  actions: Action[];
  process: TaskProcessRef;
  /** Set when the task is in my list because its assignee delegated it to me. */
  entruster?: Named;
}

export type ProcessStatus = 'doing' | 'completed' | 'rejected' | 'withdrawn';

export interface ProcessListItem {
  id: string;
  name: string;
  uri: string;
  entry: string;
  status: ProcessStatus;
  create: number;
  update: number;
  pendingTasks: Action[];
  app: { id: string; name: string };
  system: { name: string };
  owner: Owner;
  /** Only on the copied-to-me list. */
  read?: boolean;
}

export interface ProcessTask {
  id: string;
  name: string;
  status: 'todo' | 'done' | 'cancelled';
  assignee: Named | null;
  assignTime: number;
  actionUser: Named | null;
  /** The assignee on whose behalf a delegate acted. */
  onBehalfOf: Named | null;
  actionTime: number | null;
  actionName: string;
  remark: string;
}

export interface CcEntry {
  user: Named;
  read: boolean;
  create: number;
}

export interface ProcessDetail extends ProcessListItem {
  priority: number;
  tags: string;
  rating: number | null;
  review: string;
  app: { id: string; name: string; code: string };
  system: { name: string };
  data: Record<string, unknown>;
  tasks: ProcessTask[];
  cc: CcEntry[];
  /** Actions the caller may take on their open task of this process, if any. */
  myTask: { id: string; actions: Action[] } | null;
  canRate: boolean;
  canWithdraw: boolean;
}

export interface Profile {
  id: string;
  name: string;
  account: string;
  email: string;
  enterprise: { id: string };
  department: string;
  roles: string[];
}

export interface Delegation {
  id: string;
  /** null means every app. */
  app: { id: string; name: string } | null;
  from: number;
  to: number;
  entrustee: Named;
  entruster: Named;
}

export interface DirectoryUser {
  id: string;
  name: string;
  account: string;
  department: string;
}

export interface GuideStepApp {
  listAppId: string;
  appId: string;
  appCode: string;
  appName: string;
  appTag: string;
  appUrl: string;
  guideId: string;
  guideStepId: string;
}

export interface GuideStep {
  listId: string;
  context: string;
  guideId: string;
  stepNo: number;
  stepTitle: string;
  guideStepAppList: GuideStepApp[];
}

export interface Guide {
  id: string;
  title: string;
  keyword: string;
  mainpic: string;
  isRealease: boolean;
  createUser: string;
  createUserAccount: string;
  createTime: number;
  updateTime: number;
  updateUser: string;
  updateUserAccount: string;
  state: number;
  guideStepList: GuideStep[];
}

export interface SearchGuideResult {
  appList: App[];
  guideList: Guide[];
  tokenList: string[];
}

export interface EnterpriseImages {
  logo?: string;
  'banner-index'?: string;
  'banner-personal'?: string;
  'banner-swiper1'?: string;
  'banner-swiper2'?: string;
  'banner-swiper3'?: string;
  /** English variants (stored as kind `logo@en` …), shown instead in the English UI; missing ones fall back. */
  en?: Partial<Record<Exclude<keyof EnterpriseImages, 'en'>, string>>;
}

export type HomeSection = 'banner' | 'recommended' | 'search' | 'catalogue' | 'guides';

export interface PageTemplate {
  domain: string;
  solution: string;
  terminal: 'workflow' | 'wechat';
  sections: HomeSection[];
  theme: { primary: string; banner?: string };
  images: EnterpriseImages;
}

export type NotificationType = 'task.assigned' | 'process.finished' | 'process.copied';

export interface Notification {
  id: string;
  type: NotificationType;
  read: boolean;
  create: number;
  /** `status` tells a finished process's outcome (completed, rejected or withdrawn), so the text can say which. */
  process: { id: string; name: string; entry: string; status: ProcessStatus };
}

/** Push event sent on /api/me/events; clients refetch the lists named in `lists`. */
export interface PushEvent {
  type: 'task.created' | 'task.completed' | 'task.cancelled' | 'process.finished' | 'process.copied' | 'process.updated' | 'delegation.changed';
  /** Empty for 'delegation.changed' (no single process). */
  processId: string;
  lists: Array<'todo' | 'doing' | 'done' | 'cc' | 'infos'>;
}
