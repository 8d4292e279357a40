import type { Locale } from '../i18n/messages.ts';

/** Texts of the IdP's own pages (sign-in, sign-out, errors), Chinese by default. */
export const idpText = {
  zh: {
    title: 'Service Hall / 网上办事大厅',
    heading: '网上办事大厅',
    subheading: '统一身份认证',
    username: '账号',
    password: '密码',
    submit: '登录',
    otherLanguage: 'English',
    badCredentials: '用户名或密码错误',
    disabled: '用户名或密码错误',
    throttled: '尝试次数过多，请 {minutes} 分钟后再试',
    missing: '请输入账号和密码',
    demoHeading: '演示账号（密码均为 demo123）',
    logoutHeading: '退出登录',
    logoutQuestion: '确定要退出网上办事大厅吗？',
    logoutYes: '退出登录',
    logoutNo: '取消',
    loggedOut: '您已安全退出。',
    backToPortal: '返回网上办事大厅',
    errorHeading: '登录出错',
    errorHint: '请返回网上办事大厅重新登录。',
    storageUnavailable: '服务器无法读写数据（数据库无法连接，或存储空间不足、磁盘故障），暂时无法登录，请稍后再试。',
    casFailed: '统一身份认证（CAS）未能确认您的身份',
    casUnavailable: '统一身份认证（CAS）暂时无法访问，请稍后再试',
    casAccountTooLong: '统一身份认证（CAS）返回的账号超过 {max} 个字符，网上办事大厅无法为其登录，请联系管理员',
  },
  en: {
    title: 'Service Hall / 网上办事大厅',
    heading: 'Service Hall',
    subheading: 'Single sign-on',
    username: 'Account',
    password: 'Password',
    submit: 'Sign in',
    otherLanguage: '中文',
    badCredentials: 'Incorrect username or password',
    disabled: 'Incorrect username or password',
    throttled: 'Too many attempts; please try again in {minutes} minutes',
    missing: 'Please enter your account and password',
    demoHeading: 'Demo accounts (password demo123 for all)',
    logoutHeading: 'Sign out',
    logoutQuestion: 'Do you want to sign out of Service Hall?',
    logoutYes: 'Sign out',
    logoutNo: 'Cancel',
    loggedOut: 'You have signed out.',
    backToPortal: 'Back to Service Hall',
    errorHeading: 'Sign-in problem',
    errorHint: 'Please go back to Service Hall and sign in again.',
    storageUnavailable:
      'The server cannot read or store data right now (database unreachable, or disk full or failing), so signing in is not possible; please try again later.',
    casFailed: 'The campus sign-in service (CAS) could not confirm who you are',
    casUnavailable: 'The campus sign-in service (CAS) cannot be reached; please try again later',
    casAccountTooLong:
      'The campus sign-in service (CAS) named an account longer than {max} characters, which Service Hall cannot sign in; please contact the administrator',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type IdpText = (typeof idpText)[Locale];

/** Demo accounts shown on the sign-in page when SEED=demo (README's five). */
export const demoAccounts = [
  { account: 'zhangsan', zh: '张三 · 学生', en: 'Zhang San · student' },
  { account: 'lisi', zh: '李四 · 教师 / 审批人', en: 'Li Si · teacher / approver' },
  { account: 'wangwu', zh: '王五 · 院系负责人', en: 'Wang Wu · department head' },
  { account: 'zhaoliu', zh: '赵六 · 财务人员', en: 'Zhao Liu · finance officer' },
  { account: 'admin', zh: '管理员', en: 'Administrator' },
] as const;
