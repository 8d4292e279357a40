import { z } from 'zod';

/**
 * Wire shapes of the workflow API (docs/product.md §10). Times are integer seconds, ids are strings. Each
 * entity is a zod schema and a type of the same name (`Task` the schema, `Task` the type inferred from it): the
 * server serialises responses with them, the OpenAPI document is generated from them, the web client reads them.
 */

const id = z.string();
const seconds = z.number().int();

export const Named = z.object({ id, name: z.string() });
export type Named = z.infer<typeof Named>;

export const Owner = z.object({ id, name: z.string(), account: z.string() });
export type Owner = z.infer<typeof Owner>;

/** The system an item belongs to; our own (built-in) items carry `{id: "", name: ""}`, never null. */
export const SystemRef = z.object({ id, name: z.string() });
export type SystemRef = z.infer<typeof SystemRef>;

/** The app an item of a list belongs to: what clients group and filter by (`code`, `department`). */
export const AppRef = z.object({ id, name: z.string(), code: z.string(), department: z.string() });
export type AppRef = z.infer<typeof AppRef>;

export const App = z.object({
  id,
  code: z.string(),
  name: z.string(),
  uri: z.string(),
  /** Comma-separated; the first tag is the catalogue's main category. */
  tags: z.string(),
  icon: z.string(),
  department: z.string(),
  abbreviation: z.string(),
  description: z.string(),
  /** Higher ranks first among recommended apps. */
  recommend: z.number(),
  palette: z.string(),
  rating: z.number(),
  rated: z.number().int(),
  system: SystemRef,
  processCounters: z.object({ completed: z.number().int() }),
  /** A–Z grouping letter taken from the name (pinyin for Chinese names). */
  firstLetter: z.string(),
  /** Pinyin initials, e.g. "qjsq" for 请假申请. */
  initials: z.string(),
  /** Full pinyin without tones or spaces, e.g. "qingjiashenqing". */
  pinyin: z.string(),
  /** True when the app runs on our engine (opens /workflow/apply?code=…). */
  builtin: z.boolean(),
  /** Can be used now: a built-in app with a definition, or an external app with an address. */
  ready: z.boolean(),
  /** Shown to every member (no role or department restriction set by its administrator). */
  visible: z.boolean(),
  /** Published in the catalogue (retired apps are not listed at all, so listed apps say true). */
  release: z.boolean(),
});
export type App = z.infer<typeof App>;

export const AppStat = z.object({ id, processCounters: z.object({ completed: z.number().int() }) });
export type AppStat = z.infer<typeof AppStat>;

export const Action = z.object({ id, name: z.string() });
export type Action = z.infer<typeof Action>;

export const TaskProcessRef = z.object({
  id,
  name: z.string(),
  uri: z.string(),
  tags: z.string(),
  entry: z.string(),
  owner: Owner,
  app: AppRef,
  system: SystemRef,
});
export type TaskProcessRef = z.infer<typeof TaskProcessRef>;

export const Task = z.object({
  id,
  name: z.string(),
  assignTime: seconds,
  uri: z.string(),
  actionName: z.string(),
  actions: z.array(Action),
  process: TaskProcessRef,
  /** Set when the task is in my list because its assignee delegated it to me. */
  entruster: Named.optional(),
});
export type Task = z.infer<typeof Task>;

export const ProcessStatus = z.enum(['doing', 'completed', 'rejected', 'withdrawn']);
export type ProcessStatus = z.infer<typeof ProcessStatus>;

export const ProcessListItem = z.object({
  id,
  name: z.string(),
  uri: z.string(),
  entry: z.string(),
  status: ProcessStatus,
  create: seconds,
  update: seconds,
  pendingTasks: z.array(Action),
  app: AppRef,
  system: SystemRef,
  owner: Owner,
  /** Only on the copied-to-me list. */
  read: z.boolean().optional(),
});
export type ProcessListItem = z.infer<typeof ProcessListItem>;

export const ProcessTask = z.object({
  id,
  name: z.string(),
  status: z.enum(['todo', 'done', 'cancelled']),
  assignee: Named.nullable(),
  assignTime: seconds,
  actionUser: Named.nullable(),
  /** The assignee on whose behalf a delegate acted. */
  onBehalfOf: Named.nullable(),
  actionTime: seconds.nullable(),
  actionName: z.string(),
  remark: z.string(),
  /** The system whose client handled the task for the assignee (actionUser): "system X for user Y". */
  viaSystem: SystemRef.nullable(),
  /** Whom a task closed by 转办 (transfer or an administrator's reassignment) went to; null for any other task. */
  handedTo: Named.nullable(),
});
export type ProcessTask = z.infer<typeof ProcessTask>;

export const CcEntry = z.object({ user: Named, read: z.boolean(), create: seconds });
export type CcEntry = z.infer<typeof CcEntry>;

/** A node of the detail page's flow diagram (engine processDiagram): where the process is, and who. */
export const DiagramNode = z.object({
  id,
  kind: z.enum(['start', 'approval', 'cc', 'end']),
  name: z.string(),
  status: z.enum(['done', 'current', 'upcoming', 'skipped']),
  users: z.array(Named),
});
export type DiagramNode = z.infer<typeof DiagramNode>;

/** A 催办 (urge) of the process, for the timeline. */
export const UrgeEntry = z.object({ user: Named, time: seconds });
export type UrgeEntry = z.infer<typeof UrgeEntry>;

export const ProcessDetail = ProcessListItem.extend({
  priority: z.number().int(),
  tags: z.string(),
  rating: z.number().nullable(),
  review: z.string(),
  data: z.record(z.string(), z.unknown()),
  tasks: z.array(ProcessTask),
  cc: z.array(CcEntry),
  /** Actions the caller may take on their open task of this process, if any. */
  myTask: z
    .object({
      id,
      actions: z.array(Action),
      /** Earlier steps the task may be returned to (退回), nearest first, `resubmit` = the applicant; empty when not allowed. */
      returnTo: z.array(Action),
    })
    .nullable(),
  canRate: z.boolean(),
  canWithdraw: z.boolean(),
  /** The system whose client started the process for its owner, if one did. */
  startedVia: SystemRef.nullable(),
  /** The applicant may urge (催办) the current assignees now; false while the last urge is under an hour old. */
  canUrge: z.boolean(),
  /** Every urge so far, oldest first. */
  urges: z.array(UrgeEntry),
  /** The flow as the detail page draws it: start, each step, end. */
  diagram: z.array(DiagramNode),
  /**
   * How person and department fields of `data` read, by field key: the person's or department's name in the
   * request's language. `data` keeps the account and the department id (what flows and clients read).
   */
  dataNames: z.record(z.string(), z.string()),
});
export type ProcessDetail = z.infer<typeof ProcessDetail>;

export const Profile = z.object({
  id,
  name: z.string(),
  account: z.string(),
  email: z.string(),
  enterprise: z.object({ id }),
  department: z.string(),
  roles: z.array(z.string()),
});
export type Profile = z.infer<typeof Profile>;

export const Delegation = z.object({
  id,
  /** null means every app. */
  app: z.object({ id, name: z.string() }).nullable(),
  from: seconds,
  to: seconds,
  entrustee: Named,
  entruster: Named,
});
export type Delegation = z.infer<typeof Delegation>;

/** One of my positions (GET /api/me/positions): my department and a post (a role I hold) in it. */
export const Position = z.object({
  id,
  department: z.object({ id, name: z.string() }).nullable(),
  /** null when I hold no post: the position is my department alone. */
  post: z.object({ id, name: z.string() }).nullable(),
});
export type Position = z.infer<typeof Position>;

export const DirectoryUser = z.object({ id, name: z.string(), account: z.string(), department: z.string() });
export type DirectoryUser = z.infer<typeof DirectoryUser>;

export const GuideStepApp = z.object({
  listAppId: z.string(),
  appId: z.string(),
  appCode: z.string(),
  appName: z.string(),
  appTag: z.string(),
  appUrl: z.string(),
  guideId: z.string(),
  guideStepId: z.string(),
});
export type GuideStepApp = z.infer<typeof GuideStepApp>;

export const GuideStep = z.object({
  listId: z.string(),
  context: z.string(),
  guideId: z.string(),
  stepNo: z.number().int(),
  stepTitle: z.string(),
  guideStepAppList: z.array(GuideStepApp),
});
export type GuideStep = z.infer<typeof GuideStep>;

export const Guide = z.object({
  id,
  title: z.string(),
  keyword: z.string(),
  mainpic: z.string(),
  isRealease: z.boolean(),
  createUser: z.string(),
  createUserAccount: z.string(),
  createTime: seconds,
  updateTime: seconds,
  updateUser: z.string(),
  updateUserAccount: z.string(),
  state: z.number().int(),
  guideStepList: z.array(GuideStep),
});
export type Guide = z.infer<typeof Guide>;

export const SearchGuideResult = z.object({
  appList: z.array(App),
  guideList: z.array(Guide),
  tokenList: z.array(z.string()),
});
export type SearchGuideResult = z.infer<typeof SearchGuideResult>;

const imageKinds = {
  logo: z.string().optional(),
  'banner-index': z.string().optional(),
  'banner-personal': z.string().optional(),
  'banner-swiper1': z.string().optional(),
  'banner-swiper2': z.string().optional(),
  'banner-swiper3': z.string().optional(),
};
export const EnterpriseImages = z.object({
  ...imageKinds,
  /** English variants (stored as kind `logo@en` …), shown instead in the English UI; missing ones fall back. */
  en: z.object(imageKinds).optional(),
});
export type EnterpriseImages = z.infer<typeof EnterpriseImages>;

export const HomeSection = z.enum(['banner', 'recommended', 'search', 'catalogue', 'guides']);
export type HomeSection = z.infer<typeof HomeSection>;

export const PageTemplate = z.object({
  domain: z.string(),
  solution: z.string(),
  terminal: z.enum(['workflow', 'wechat']),
  sections: z.array(HomeSection),
  theme: z.object({ primary: z.string(), banner: z.string().optional() }),
  images: EnterpriseImages,
});
export type PageTemplate = z.infer<typeof PageTemplate>;

export const NotificationType = z.enum(['task.assigned', 'process.finished', 'process.copied', 'process.urged']);
export type NotificationType = z.infer<typeof NotificationType>;

export const Notification = z.object({
  id,
  type: NotificationType,
  read: z.boolean(),
  /** The latest event's time. */
  create: seconds,
  /** How many events of this kind from the same sender within a minute this one stands for (1: just this). */
  count: z.number().int().min(1),
  /** `status` tells a finished process's outcome (completed, rejected or withdrawn), so the text can say which. */
  process: z.object({ id, name: z.string(), entry: z.string(), status: ProcessStatus }),
});
export type Notification = z.infer<typeof Notification>;

/** Push event sent on /api/me/events; clients refetch the lists named in `lists`. */
export const PushEvent = z.object({
  type: z.enum([
    'task.created',
    'task.completed',
    'task.cancelled',
    'process.finished',
    'process.copied',
    'process.updated',
    'delegation.changed',
  ]),
  /** Empty for 'delegation.changed' (no single process). */
  processId: z.string(),
  lists: z.array(z.enum(['todo', 'doing', 'done', 'cc', 'infos'])),
});
export type PushEvent = z.infer<typeof PushEvent>;
