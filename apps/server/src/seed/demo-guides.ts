import type { Db } from '../db/database.ts';
import { saveGuide, type GuideInput } from '../modules/guides/save-guide.ts';

/** Demo guides: six published how-tos and one draft only administrators see. Step text is rich HTML. */
const guides: Array<GuideInput & { id: string }> = [
  {
    id: 'guide-freshman',
    title: '新生入学指南',
    title_en: 'Freshman Enrolment Guide',
    keyword: '新生,报到,入学,缴费,选课',
    mainpic: '/static/demo/banner-swiper1.svg',
    state: 1,
    steps: [
      {
        title: '缴纳学费',
        title_en: 'Pay tuition',
        apps: ['tuition'],
        html: '<p>报到前请通过<strong>学费缴纳</strong>完成学费、住宿费缴纳。</p><ul><li>支持微信、支付宝与银行卡</li><li>缴费后可<a href="https://cw.demo.edu.cn/fp" target="_blank">开具电子发票</a></li></ul>',
        html_en: '<p>Pay tuition and accommodation with <strong>Tuition Payment</strong> before you arrive.</p>',
      },
      {
        title: '开通校园卡与网络',
        title_en: 'Campus card and network',
        apps: ['card-topup', 'password-reset'],
        html: '<p>领取校园卡后先<b>充值</b>，再用学号登录统一身份认证。</p><ol><li>初始密码为身份证后六位</li><li>首次登录须修改密码</li></ol>',
        html_en: '<p>Top up your campus card and sign in with your student number.</p>',
      },
      {
        title: '选课',
        title_en: 'Choose courses',
        apps: ['course-selection'],
        html: '<p>开学第一周完成选课，<em>必修课</em>已自动预置。</p><blockquote>选课遇到问题请联系学院教学秘书。</blockquote>',
        html_en: '<p>Choose courses in the first week; <em>compulsory</em> courses are preset.</p>',
      },
    ],
  },
  {
    id: 'guide-leave',
    title: '请假与销假流程',
    title_en: 'Leave and Return',
    keyword: '请假,销假,病假,事假',
    mainpic: '',
    state: 1,
    steps: [
      {
        title: '提交请假申请',
        title_en: 'Submit a leave request',
        apps: ['leave'],
        html: '<p>在<strong>请假申请</strong>中填写请假类型、起止时间与事由。</p><ul><li>病假须上传医院证明</li><li>超过 3 天需学院审批</li></ul>',
        html_en: '<p>Fill in the type, dates and reason in <strong>Leave Request</strong>.</p>',
      },
      {
        title: '等待审批',
        title_en: 'Wait for approval',
        apps: [],
        html: '<p>辅导员审批后，超过三天的请假由学院领导<b>复核</b>。可在“我的办事”中查看进度。</p>',
        html_en: '<p>Your counsellor approves; longer leave is reviewed by the school.</p>',
      },
      {
        title: '返校销假',
        title_en: 'Report back',
        apps: ['leave'],
        html: '<p>返校后 24 小时内向辅导员销假。</p>',
        html_en: '<p>Report back to your counsellor within 24 hours of returning.</p>',
      },
    ],
  },
  {
    id: 'guide-reimburse',
    title: '报销指南',
    title_en: 'Reimbursement Guide',
    keyword: '报销,发票,差旅费,财务',
    mainpic: '/static/demo/banner-swiper2.svg',
    state: 1,
    steps: [
      {
        title: '准备票据',
        title_en: 'Collect receipts',
        apps: ['invoice'],
        html: '<p>报销须提供<strong>合规发票</strong>：</p><table><thead><tr><th>费用</th><th>票据</th></tr></thead><tbody><tr><td>差旅</td><td>车票、住宿发票</td></tr><tr><td>办公</td><td>增值税发票</td></tr></tbody></table>',
        html_en: '<p>Keep <strong>valid invoices</strong> for every expense.</p>',
      },
      {
        title: '网上提交报销',
        title_en: 'Submit online',
        apps: ['reimburse'],
        html: '<p>在<a href="/workflow/apply?code=reimburse">报销申请</a>中填写金额、上传票据照片。</p>',
        html_en: '<p>Submit amounts and receipt photos in Expense Reimbursement.</p>',
      },
      {
        title: '查询到账',
        title_en: 'Track payment',
        apps: ['salary', 'research-funds'],
        html: '<p>财务处审核通过后 3 个工作日内打款到工资卡。</p>',
        html_en: '<p>Paid to your salary account within 3 working days of approval.</p>',
      },
    ],
  },
  {
    id: 'guide-trip',
    title: '出差办理指南',
    title_en: 'Business Trip Guide',
    keyword: '出差,差旅,用车,报销',
    mainpic: '',
    state: 1,
    steps: [
      {
        title: '事前审批',
        title_en: 'Get approval first',
        apps: ['business-trip'],
        html: '<p>出差前提交<strong>出差审批</strong>，写明目的地、日期与经费来源。</p>',
        html_en: '<p>Submit <strong>Business Trip Approval</strong> before you travel.</p>',
      },
      {
        title: '预约公务用车',
        title_en: 'Book a car',
        apps: ['vehicle'],
        html: '<p>市内出差可申请公务用车，<em>提前一天</em>预约。</p>',
        html_en: '<p>Book a university car a day ahead for trips in the city.</p>',
      },
      {
        title: '回来报销',
        title_en: 'Claim expenses',
        apps: ['reimburse'],
        html: '<p>返回后 30 天内完成差旅费报销。</p><ul><li>附审批单</li><li>附行程单</li></ul>',
        html_en: '<p>Claim travel expenses within 30 days.</p>',
      },
    ],
  },
  {
    id: 'guide-dorm-repair',
    title: '宿舍报修指南',
    title_en: 'Dormitory Repair Guide',
    keyword: '报修,宿舍,维修,水电',
    mainpic: '/static/demo/banner-swiper3.svg',
    state: 1,
    steps: [
      {
        title: '在线报修',
        title_en: 'Report online',
        apps: ['dorm-repair'],
        html: '<p>在<strong>宿舍报修</strong>中选择故障类型并上传照片。</p>',
        html_en: '<p>Pick the fault type and add a photo in <strong>Dormitory Repair</strong>.</p>',
      },
      {
        title: '上门维修与评价',
        title_en: 'Repair and rate',
        apps: ['dorm-repair', 'canteen-feedback'],
        html: '<p>维修完成后请对服务<b>评分</b>；紧急漏水请拨打后勤值班电话 <a href="tel:+8657188880000">0571-8888 0000</a>。</p>',
        html_en:
          '<p>Rate the repair when it is done; for an urgent leak call the duty line <a href="tel:+8657188880000">0571-8888 0000</a>.</p>',
      },
    ],
  },
  {
    id: 'guide-library',
    title: '图书馆服务指南',
    title_en: 'Library Services Guide',
    keyword: '图书馆,借书,续借,研修间',
    mainpic: '',
    state: 1,
    steps: [
      {
        title: '办理与补办图书证',
        title_en: 'Library card',
        apps: ['library-card'],
        html: '<p>校园卡即图书证；遗失后申请<strong>图书证补办</strong>。</p>',
        html_en: '<p>Your campus card is your library card.</p>',
      },
      {
        title: '续借与预约',
        title_en: 'Renew and book',
        apps: ['book-renewal', 'study-room'],
        html: '<ul><li>每本书可续借 <b>1</b> 次</li><li>研修间每次最长 4 小时</li></ul>',
        html_en: '<ul><li>Each book can be renewed once</li></ul>',
      },
      {
        title: '馆际互借',
        title_en: 'Interlibrary loan',
        apps: ['interlibrary-loan'],
        html: '<p>本馆没有的文献可申请<a href="https://lib.demo.edu.cn/gjhj" target="_blank">馆际互借</a>。</p>',
        html_en: '<p>Borrow from partner libraries.</p>',
      },
    ],
  },
  {
    id: 'guide-graduation-draft',
    title: '毕业离校指南（草稿）',
    title_en: 'Graduation Clearance (draft)',
    keyword: '毕业,离校',
    mainpic: '',
    state: 0,
    steps: [
      {
        title: '办理离校手续',
        title_en: 'Clearance',
        apps: ['graduation-leave'],
        html: '<p>草稿：内容待审核。</p>',
        html_en: '<p>Draft.</p>',
      },
      {
        title: '开具证明',
        title_en: 'Certificates',
        apps: ['enrolment-certificate', 'transcript'],
        html: '<p>草稿。</p>',
        html_en: '<p>Draft.</p>',
      },
    ],
  },
];

/** Inserts the demo guides unless present. */
export async function seedGuides(db: Db, now: number): Promise<void> {
  const existing = new Set((await db.selectFrom('guides').select('id').execute()).map((r) => r.id));
  for (const g of guides) {
    if (!existing.has(g.id)) await saveGuide(db, g, { name: '管理员', account: 'admin' }, now);
  }
}
