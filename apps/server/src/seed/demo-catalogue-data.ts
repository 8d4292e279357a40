/**
 * The demo university's service catalogue (data only; seeding lives in demo-catalogue.ts). Built-in apps carry the
 * engine's definition code; external apps name the system whose pages they open.
 */

export interface DemoSystem { id: string; name: string; name_en: string; base_url: string }
export interface DemoDept { name: string; name_en: string }

export const demoSystems: DemoSystem[] = [
  { id: 'sys-jwxt', name: '教务系统', name_en: 'Academic System', base_url: '/demo-external/sys-jwxt' },
  { id: 'sys-xgxt', name: '学工系统', name_en: 'Student Affairs System', base_url: '/demo-external/sys-xgxt' },
  { id: 'sys-cwxt', name: '财务系统', name_en: 'Finance System', base_url: '/demo-external/sys-cwxt' },
  { id: 'sys-rsxt', name: '人事系统', name_en: 'HR System', base_url: '/demo-external/sys-rsxt' },
  { id: 'sys-ykt', name: '一卡通', name_en: 'Campus Card', base_url: '/demo-external/sys-ykt' },
  { id: 'sys-hq', name: '后勤服务平台', name_en: 'Campus Services Platform', base_url: '/demo-external/sys-hq' },
  { id: 'sys-lib', name: '图书馆系统', name_en: 'Library System', base_url: '/demo-external/sys-lib' },
  { id: 'sys-it', name: '信息化服务平台', name_en: 'IT Service Desk', base_url: '/demo-external/sys-it' },
  { id: 'sys-ky', name: '科研管理系统', name_en: 'Research Management System', base_url: '/demo-external/sys-ky' },
  { id: 'sys-gj', name: '国际交流系统', name_en: 'International Exchange System', base_url: '/demo-external/sys-gj' },
  { id: 'sys-oa', name: '协同办公系统', name_en: 'Office Automation', base_url: '/demo-external/sys-oa' },
];

export const demoDepts: Record<string, DemoDept> = {
  academic: { name: '教务处', name_en: 'Academic Affairs Office' },
  students: { name: '学生处', name_en: 'Student Affairs Office' },
  finance: { name: '财务处', name_en: 'Finance Office' },
  hr: { name: '人事处', name_en: 'Human Resources Office' },
  logistics: { name: '后勤管理处', name_en: 'Logistics Office' },
  library: { name: '图书馆', name_en: 'University Library' },
  it: { name: '信息化中心', name_en: 'IT Centre' },
  office: { name: '校长办公室', name_en: "President's Office" },
  research: { name: '科研处', name_en: 'Research Office' },
  intl: { name: '国际交流处', name_en: 'International Office' },
  security: { name: '保卫处', name_en: 'Campus Security Office' },
};

/** Catalogue categories: the first tag of an app, with its English label. */
export const categories: Record<string, string> = {
  学生服务: 'Student services', 教学服务: 'Teaching', 财务服务: 'Finance', 人事服务: 'HR', 后勤服务: 'Campus services',
  图书服务: 'Library', 信息服务: 'IT services', 行政办公: 'Administration', 科研服务: 'Research',
  国际交流: 'International', 常用: 'Popular', 教职工: 'Staff', 学生: 'Students',
};

export interface DemoApp {
  code: string; name: string; name_en: string; tags: string[]; dept: keyof typeof demoDepts; abbr: string;
  desc: string; desc_en: string; icon: string; palette: string; recommend?: number;
  /** Built-in: engine definition code. External: system id + path on that system. */
  builtin?: true; system?: string; path?: string;
  completed: number; ratings?: [sum: number, count: number];
}

export const demoApps: DemoApp[] = [
  // Built-in apps: their codes are the engine's definition codes.
  { code: 'leave', name: '请假申请', name_en: 'Leave Request', tags: ['学生服务', '常用', '学生'], dept: 'students', abbr: '请假', desc: '学生因病、因事请假，辅导员与学院审批后生效。', desc_en: 'Apply for sick or personal leave; approved by your counsellor and school.', icon: 'CalendarOutlined', palette: '#1677ff', recommend: 100, builtin: true, completed: 1286, ratings: [2310, 512] },
  { code: 'reimburse', name: '报销申请', name_en: 'Expense Reimbursement', tags: ['财务服务', '常用', '教职工'], dept: 'finance', abbr: '报销', desc: '差旅、办公、会议等费用的网上报销，财务处审核后打款。', desc_en: 'Claim travel, office and meeting expenses online; paid after Finance review.', icon: 'WalletOutlined', palette: '#fa8c16', recommend: 95, builtin: true, completed: 3420, ratings: [1840, 420] },
  { code: 'meeting-room', name: '会议室预约', name_en: 'Meeting Room Booking', tags: ['行政办公', '常用', '教职工'], dept: 'office', abbr: '会议室', desc: '预约校内会议室及多媒体设备。', desc_en: 'Book campus meeting rooms and AV equipment.', icon: 'TeamOutlined', palette: '#13c2c2', recommend: 80, builtin: true, completed: 2104, ratings: [905, 201] },
  { code: 'enrolment-certificate', name: '在读证明', name_en: 'Enrolment Certificate', tags: ['学生服务', '学生'], dept: 'academic', abbr: '在读证明', desc: '开具中英文在读证明，可用于签证、实习与奖学金申请。', desc_en: 'Get a Chinese/English certificate of enrolment for visas, internships or scholarships.', icon: 'FileDoneOutlined', palette: '#2f54eb', recommend: 70, builtin: true, completed: 5210, ratings: [3020, 640] },
  { code: 'dorm-repair', name: '宿舍报修', name_en: 'Dormitory Repair', tags: ['后勤服务', '常用', '学生'], dept: 'logistics', abbr: '报修', desc: '宿舍水电、门窗、家具等故障报修，维修师傅上门处理。', desc_en: 'Report broken plumbing, power, doors or furniture in your dorm; a technician visits.', icon: 'ToolOutlined', palette: '#52c41a', recommend: 90, builtin: true, completed: 4380, ratings: [3700, 860] },
  { code: 'business-trip', name: '出差审批', name_en: 'Business Trip Approval', tags: ['行政办公', '教职工'], dept: 'office', abbr: '出差', desc: '教职工因公出差事前审批，审批通过后可报销差旅费。', desc_en: 'Get approval before an official trip; approved trips can be reimbursed.', icon: 'CarOutlined', palette: '#722ed1', recommend: 60, builtin: true, completed: 980, ratings: [410, 96] },
  { code: 'seal', name: '用印申请', name_en: 'Official Seal Request', tags: ['行政办公', '教职工'], dept: 'office', abbr: '用印', desc: '申请加盖学校或部门公章，校办审核后用印。', desc_en: "Request the university's or a department's official seal.", icon: 'SafetyCertificateOutlined', palette: '#eb2f96', builtin: true, completed: 760, ratings: [300, 70] },
  { code: 'library-card', name: '图书证补办', name_en: 'Library Card Replacement', tags: ['图书服务', '学生'], dept: 'library', abbr: '图书证', desc: '图书证遗失或损坏后申请补办。', desc_en: 'Replace a lost or damaged library card.', icon: 'IdcardOutlined', palette: '#a0d911', builtin: true, completed: 312, ratings: [120, 28] },
  { code: 'overtime', name: '加班申请', name_en: 'Overtime Request', tags: ['人事服务', '教职工'], dept: 'hr', abbr: '加班', desc: '节假日及工作日延时加班申请，用于调休或加班费核算。', desc_en: 'Record overtime for time off in lieu or overtime pay.', icon: 'FieldTimeOutlined', palette: '#fa541c', builtin: true, completed: 645, ratings: [250, 62] },
  { code: 'vehicle', name: '公务用车申请', name_en: 'Official Vehicle Request', tags: ['后勤服务', '教职工'], dept: 'logistics', abbr: '用车', desc: '申请学校公务车辆，车队统一调度。', desc_en: 'Request a university car; the motor pool schedules it.', icon: 'CarOutlined', palette: '#1890ff', recommend: 40, builtin: true, completed: 530, ratings: [200, 48] },
  { code: 'visitor', name: '访客登记', name_en: 'Visitor Registration', tags: ['行政办公', '常用'], dept: 'security', abbr: '访客', desc: '校外人员入校预约登记，审批通过后凭码入校。', desc_en: 'Register a visitor in advance; approved visitors enter with a code.', icon: 'UserAddOutlined', palette: '#36cfc9', recommend: 50, builtin: true, completed: 2890, ratings: [1200, 270] },
  // External apps open their own system.
  { code: 'course-selection', name: '网上选课', name_en: 'Course Selection', tags: ['教学服务', '常用', '学生'], dept: 'academic', abbr: '选课', desc: '每学期选课、退课与课表查询。', desc_en: 'Choose and drop courses and view your timetable each term.', icon: 'BookOutlined', palette: '#1677ff', recommend: 85, system: 'sys-jwxt', path: '/xsxk', completed: 18200, ratings: [8100, 1900] },
  { code: 'grades', name: '成绩查询', name_en: 'Grades', tags: ['教学服务', '常用', '学生'], dept: 'academic', abbr: '成绩', desc: '查询各学期课程成绩与绩点。', desc_en: 'See your course grades and GPA for every term.', icon: 'TrophyOutlined', palette: '#faad14', recommend: 75, system: 'sys-jwxt', path: '/cjcx', completed: 25400 },
  { code: 'exam-schedule', name: '考试安排查询', name_en: 'Exam Timetable', tags: ['教学服务', '学生'], dept: 'academic', abbr: '考试', desc: '查询期末考试时间、地点与座位号。', desc_en: 'Find the time, room and seat of your exams.', icon: 'ScheduleOutlined', palette: '#597ef7', system: 'sys-jwxt', path: '/ksap', completed: 9800 },
  { code: 'retake', name: '重修报名', name_en: 'Course Retake Registration', tags: ['教学服务', '学生'], dept: 'academic', abbr: '重修', desc: '未通过课程的重修报名与缴费。', desc_en: 'Register and pay for retaking a failed course.', icon: 'RedoOutlined', palette: '#ff7a45', system: 'sys-jwxt', path: '/cxbm', completed: 1450 },
  { code: 'transcript', name: '成绩单打印', name_en: 'Transcript Printing', tags: ['教学服务', '学生'], dept: 'academic', abbr: '成绩单', desc: '申请中英文成绩单，自助机打印或邮寄。', desc_en: 'Order a Chinese or English transcript, printed at a kiosk or posted.', icon: 'PrinterOutlined', palette: '#2f54eb', system: 'sys-jwxt', path: '/cjd', completed: 3600 },
  { code: 'teaching-evaluation', name: '教学评价', name_en: 'Course Evaluation', tags: ['教学服务', '学生'], dept: 'academic', abbr: '评教', desc: '学期末对任课教师进行教学评价。', desc_en: 'Rate your teachers at the end of term.', icon: 'LikeOutlined', palette: '#73d13d', system: 'sys-jwxt', path: '/jxpj', completed: 21000 },
  { code: 'classroom-booking', name: '教室借用', name_en: 'Classroom Booking', tags: ['教学服务', '教职工'], dept: 'academic', abbr: '借教室', desc: '借用空闲教室开展讲座与社团活动。', desc_en: 'Borrow a free classroom for talks or club events.', icon: 'HomeOutlined', palette: '#40a9ff', system: 'sys-jwxt', path: '/jsjy', completed: 2750 },
  { code: 'scholarship', name: '奖学金申请', name_en: 'Scholarship Application', tags: ['学生服务', '学生'], dept: 'students', abbr: '奖学金', desc: '国家奖学金、学业奖学金等评定申请。', desc_en: 'Apply for national and academic scholarships.', icon: 'GiftOutlined', palette: '#f5222d', recommend: 65, system: 'sys-xgxt', path: '/jxj', completed: 1980, ratings: [880, 190] },
  { code: 'financial-aid', name: '困难补助申请', name_en: 'Hardship Grant', tags: ['学生服务', '学生'], dept: 'students', abbr: '补助', desc: '家庭经济困难学生临时补助申请。', desc_en: 'Emergency grant for students in financial hardship.', icon: 'HeartOutlined', palette: '#ff4d4f', system: 'sys-xgxt', path: '/knbz', completed: 640 },
  { code: 'student-loan', name: '助学贷款', name_en: 'Student Loan', tags: ['学生服务', '学生'], dept: 'students', abbr: '贷款', desc: '生源地及校园地国家助学贷款办理。', desc_en: 'Apply for a national student loan.', icon: 'BankOutlined', palette: '#d48806', system: 'sys-xgxt', path: '/zxdk', completed: 870 },
  { code: 'dorm-change', name: '宿舍调换', name_en: 'Dormitory Transfer', tags: ['学生服务', '学生'], dept: 'students', abbr: '调宿', desc: '申请调换宿舍或床位。', desc_en: 'Ask to move to another room or bed.', icon: 'SwapOutlined', palette: '#9254de', system: 'sys-xgxt', path: '/sstz', completed: 430 },
  { code: 'part-time-job', name: '勤工助学岗位', name_en: 'Work-Study Jobs', tags: ['学生服务', '学生'], dept: 'students', abbr: '勤工助学', desc: '校内勤工助学岗位申请与工时登记。', desc_en: 'Apply for campus work-study jobs and log hours.', icon: 'SolutionOutlined', palette: '#08979c', system: 'sys-xgxt', path: '/qgzx', completed: 1120 },
  { code: 'graduation-leave', name: '离校手续办理', name_en: 'Graduation Clearance', tags: ['学生服务', '学生'], dept: 'students', abbr: '离校', desc: '毕业生图书、财务、宿舍等离校手续一站式办理。', desc_en: 'Clear library, finance and dormitory accounts before graduating.', icon: 'LogoutOutlined', palette: '#531dab', system: 'sys-xgxt', path: '/lxsx', completed: 4100 },
  { code: 'tuition', name: '学费缴纳', name_en: 'Tuition Payment', tags: ['财务服务', '常用', '学生'], dept: 'finance', abbr: '缴费', desc: '在线缴纳学费、住宿费与教材费。', desc_en: 'Pay tuition, accommodation and textbook fees online.', icon: 'PayCircleOutlined', palette: '#fa8c16', recommend: 72, system: 'sys-cwxt', path: '/jf', completed: 16800, ratings: [7600, 1700] },
  { code: 'salary', name: '工资查询', name_en: 'Payslips', tags: ['财务服务', '教职工'], dept: 'finance', abbr: '工资', desc: '查询每月工资条与个税明细。', desc_en: 'See monthly payslips and income tax details.', icon: 'AccountBookOutlined', palette: '#d46b08', system: 'sys-cwxt', path: '/gzcx', completed: 9200 },
  { code: 'invoice', name: '电子发票开具', name_en: 'E-invoice', tags: ['财务服务'], dept: 'finance', abbr: '发票', desc: '为缴费项目开具电子发票。', desc_en: 'Issue an e-invoice for a payment.', icon: 'FileTextOutlined', palette: '#ad6800', system: 'sys-cwxt', path: '/fp', completed: 2300 },
  { code: 'research-funds', name: '科研经费查询', name_en: 'Research Funds', tags: ['财务服务', '科研服务', '教职工'], dept: 'finance', abbr: '经费', desc: '查询科研项目经费到账与支出。', desc_en: 'Track income and spending of research grants.', icon: 'FundOutlined', palette: '#fa8c16', system: 'sys-cwxt', path: '/kyjf', completed: 1500 },
  { code: 'employment-certificate', name: '在职证明', name_en: 'Employment Certificate', tags: ['人事服务', '教职工'], dept: 'hr', abbr: '在职证明', desc: '开具在职及收入证明。', desc_en: 'Get a certificate of employment and income.', icon: 'ProfileOutlined', palette: '#fa541c', system: 'sys-rsxt', path: '/zzzm', completed: 820 },
  { code: 'annual-leave', name: '年休假申请', name_en: 'Annual Leave', tags: ['人事服务', '教职工'], dept: 'hr', abbr: '年假', desc: '教职工年休假申请与余额查询。', desc_en: 'Request annual leave and see your balance.', icon: 'CoffeeOutlined', palette: '#ff9c6e', system: 'sys-rsxt', path: '/nxj', completed: 1320 },
  { code: 'title-review', name: '职称评审申报', name_en: 'Promotion Application', tags: ['人事服务', '教职工'], dept: 'hr', abbr: '职称', desc: '专业技术职务评审材料在线申报。', desc_en: 'Submit materials for academic promotion review.', icon: 'RiseOutlined', palette: '#cf1322', system: 'sys-rsxt', path: '/zcps', completed: 260 },
  { code: 'staff-info', name: '教职工信息维护', name_en: 'Staff Records', tags: ['人事服务', '教职工'], dept: 'hr', abbr: '信息维护', desc: '维护个人学历、家庭成员与联系方式。', desc_en: 'Keep your education, family and contact details up to date.', icon: 'UserOutlined', palette: '#ff7a45', system: 'sys-rsxt', path: '/xxwh', completed: 3100 },
  { code: 'card-loss', name: '校园卡挂失', name_en: 'Report Lost Campus Card', tags: ['后勤服务', '常用'], dept: 'logistics', abbr: '挂失', desc: '校园卡丢失后立即挂失，防止盗刷。', desc_en: 'Block a lost campus card at once.', icon: 'CreditCardOutlined', palette: '#389e0d', recommend: 55, system: 'sys-ykt', path: '/gs', completed: 3900, ratings: [1500, 340] },
  { code: 'card-topup', name: '校园卡充值', name_en: 'Campus Card Top-up', tags: ['后勤服务', '常用'], dept: 'logistics', abbr: '充值', desc: '在线为校园卡充值。', desc_en: 'Top up your campus card online.', icon: 'ThunderboltOutlined', palette: '#7cb305', system: 'sys-ykt', path: '/cz', completed: 48200 },
  { code: 'electricity', name: '宿舍电费缴纳', name_en: 'Dormitory Electricity', tags: ['后勤服务', '学生'], dept: 'logistics', abbr: '电费', desc: '查询宿舍用电并在线缴纳电费。', desc_en: 'Check dorm power use and pay the bill.', icon: 'BulbOutlined', palette: '#fadb14', system: 'sys-hq', path: '/df', completed: 22100 },
  { code: 'canteen-feedback', name: '餐饮意见反馈', name_en: 'Canteen Feedback', tags: ['后勤服务'], dept: 'logistics', abbr: '餐饮', desc: '对食堂菜品与服务提出意见建议。', desc_en: 'Tell the canteens what to improve.', icon: 'MessageOutlined', palette: '#95de64', system: 'sys-hq', path: '/cyfk', completed: 870 },
  { code: 'book-renewal', name: '图书续借', name_en: 'Book Renewal', tags: ['图书服务', '常用'], dept: 'library', abbr: '续借', desc: '在线续借已借图书。', desc_en: 'Renew borrowed books online.', icon: 'ReadOutlined', palette: '#5b8c00', system: 'sys-lib', path: '/xj', completed: 12600 },
  { code: 'study-room', name: '研修间预约', name_en: 'Study Room Booking', tags: ['图书服务'], dept: 'library', abbr: '研修间', desc: '预约图书馆小组研修间。', desc_en: 'Book a group study room in the library.', icon: 'ClockCircleOutlined', palette: '#3f6600', recommend: 30, system: 'sys-lib', path: '/yxj', completed: 7400 },
  { code: 'interlibrary-loan', name: '馆际互借', name_en: 'Interlibrary Loan', tags: ['图书服务', '科研服务'], dept: 'library', abbr: '馆际', desc: '向合作图书馆借阅本馆未收藏的文献。', desc_en: 'Borrow items from partner libraries.', icon: 'GlobalOutlined', palette: '#237804', system: 'sys-lib', path: '/gjhj', completed: 540 },
  { code: 'vpn', name: 'VPN 账号申请', name_en: 'VPN Account', tags: ['信息服务', '教职工'], dept: 'it', abbr: 'VPN', desc: '校外访问校园网资源的 VPN 账号开通。', desc_en: 'Get a VPN account to reach campus resources from off campus.', icon: 'CloudServerOutlined', palette: '#0958d9', system: 'sys-it', path: '/vpn', completed: 2600 },
  { code: 'email', name: '校园邮箱申请', name_en: 'Campus E-mail', tags: ['信息服务'], dept: 'it', abbr: '邮箱', desc: '开通或找回校园电子邮箱。', desc_en: 'Open or recover a campus e-mail account.', icon: 'MailOutlined', palette: '#1d39c4', system: 'sys-it', path: '/yx', completed: 3300 },
  { code: 'password-reset', name: '统一身份密码重置', name_en: 'Password Reset', tags: ['信息服务', '常用'], dept: 'it', abbr: '密码', desc: '忘记统一身份认证密码时自助重置。', desc_en: 'Reset your single sign-on password yourself.', icon: 'LockOutlined', palette: '#10239e', system: 'sys-it', path: '/mmcz', completed: 8700 },
  { code: 'it-repair', name: '网络故障报修', name_en: 'Network Fault Report', tags: ['信息服务'], dept: 'it', abbr: '网络报修', desc: '有线、无线网络故障报修。', desc_en: 'Report wired or Wi-Fi network problems.', icon: 'WifiOutlined', palette: '#2f54eb', system: 'sys-it', path: '/wlbx', completed: 1900 },
  { code: 'software', name: '正版软件下载', name_en: 'Licensed Software', tags: ['信息服务'], dept: 'it', abbr: '软件', desc: '下载学校购买的正版软件。', desc_en: 'Download software licensed by the university.', icon: 'DownloadOutlined', palette: '#1677ff', system: 'sys-it', path: '/rj', completed: 6100 },
  { code: 'project-application', name: '科研项目申报', name_en: 'Grant Application', tags: ['科研服务', '教职工'], dept: 'research', abbr: '项目申报', desc: '纵向、横向科研项目申报与立项。', desc_en: 'Apply for research grants and register projects.', icon: 'ExperimentOutlined', palette: '#13a8a8', system: 'sys-ky', path: '/xmsb', completed: 420 },
  { code: 'paper-registration', name: '科研成果登记', name_en: 'Research Output Registration', tags: ['科研服务', '教职工'], dept: 'research', abbr: '成果', desc: '论文、专利、著作等科研成果登记。', desc_en: 'Register papers, patents and books.', icon: 'FileProtectOutlined', palette: '#006d75', system: 'sys-ky', path: '/cgdj', completed: 1350 },
  { code: 'lab-safety', name: '实验室安全准入', name_en: 'Lab Safety Induction', tags: ['科研服务', '学生'], dept: 'research', abbr: '实验室', desc: '实验室安全培训考试与准入申请。', desc_en: 'Take the lab safety course and apply for lab access.', icon: 'SafetyOutlined', palette: '#36cfc9', system: 'sys-ky', path: '/aqzr', completed: 2200 },
  { code: 'exchange-program', name: '交换生项目申请', name_en: 'Exchange Programme', tags: ['国际交流', '学生'], dept: 'intl', abbr: '交换', desc: '申请赴海外合作院校交换学习。', desc_en: 'Apply to study at a partner university abroad.', icon: 'GlobalOutlined', palette: '#c41d7f', system: 'sys-gj', path: '/jhs', completed: 310 },
  { code: 'going-abroad', name: '因公出国（境）审批', name_en: 'Official Travel Abroad', tags: ['国际交流', '教职工'], dept: 'intl', abbr: '出国', desc: '教职工因公出国（境）任务审批。', desc_en: 'Approval for official travel abroad.', icon: 'SendOutlined', palette: '#eb2f96', system: 'sys-gj', path: '/cgsp', completed: 190 },
  { code: 'foreign-visitor', name: '外宾来访接待', name_en: 'Foreign Guest Reception', tags: ['国际交流', '行政办公'], dept: 'intl', abbr: '外宾', desc: '外宾来访接待申请与备案。', desc_en: 'Register and arrange foreign guest visits.', icon: 'SmileOutlined', palette: '#f759ab', system: 'sys-gj', path: '/wbjd', completed: 95 },
  { code: 'document-circulation', name: '公文流转', name_en: 'Document Circulation', tags: ['行政办公', '教职工'], dept: 'office', abbr: '公文', desc: '学校公文收发与传阅。', desc_en: 'Send, receive and circulate official documents.', icon: 'ContainerOutlined', palette: '#531dab', system: 'sys-oa', path: '/gwlz', completed: 5400 },
];
