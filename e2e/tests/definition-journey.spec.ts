import fs from 'node:fs';
import path from 'node:path';

import { labDefinition, labForm } from '../support/lab-definition.ts';
import { approveInTurn, isMobile, runTag, shot, signedIn, startProcess, type Lang } from '../support/matters.ts';
import { pickPerson } from '../support/person-picker.ts';
import { axeClean, usePower } from '../support/powers.ts';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '../support/test.ts';

/**
 * An administrator designs 实验室开放申请 in the console's flow designer (form with a date
 * range, computed days and an attachment field; a branch on days > 3 to the department head; a cc node) and
 * publishes it; a student applies; the approver transfers it, the new approver returns it to the student, who
 * resubmits; it finishes, and the detail page's diagram shows each stage. The console is a desktop screen: the phone
 * run publishes the same design through the API and walks the rest on the phone.
 */
const T = {
  approver: { zh: '审批人', en: 'Approver' },
  cc: { zh: '抄送人', en: 'Cc' },
  named: { zh: '指定成员', en: 'Named person' },
  role: { zh: '角色', en: 'Role' },
  head: { zh: '发起人的部门负责人', en: "The applicant's department head" },
  days: { zh: '天数', en: 'Days' },
  gt: { zh: '大于', en: 'greater than' },
  ccName: { zh: '抄送实验中心', en: 'Copy the lab centre' },
  manager: { zh: '实验室管理员审核', en: 'Lab manager' },
  headNode: { zh: '部门负责人审批', en: 'Department head' },
  applicant: { zh: '申请人（重新提交）', en: 'Applicant (to resubmit)' },
  tabs: {
    form: { zh: '表单', en: 'Form' },
    flow: { zh: '流程', en: 'Flow' },
    simulate: { zh: '模拟', en: 'Simulate' },
    json: { zh: 'JSON', en: 'JSON' },
  },
} as const;

/** Picks an antd Select's option by its label, again if an opening animation swallowed the click. */
async function pickAntOption(page: Page, select: Locator, label: string) {
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${label}$`) });
    await option.first().click({ timeout: 2000 });
    await expect(select).toContainText(label, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Adds a node on the "+" after position `after` and answers the designer with it selected. */
async function addNode(page: Page, after: number, label: string) {
  await page.getByTestId(`flow-add-${after}`).click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(page.getByTestId('node-panel')).toBeVisible();
}

/** The administrator draws the flow in the console and publishes it; answers the stored JSON. */
async function designOnDesktop(page: Page, info: TestInfo, lang: Lang, code: string) {
  await page.goto('/workflow/admin/definitions');
  await expect(page.getByTestId('console-definitions')).toBeVisible();
  await page.getByTestId('definition-new').click();
  await page.getByTestId('new-definition-code').fill(code);
  await page.getByTestId('new-definition-zh').fill('实验室开放申请');
  await page.getByTestId('new-definition-en').fill('Lab opening request');
  await page.getByTestId('new-definition-ok').click();
  const editor = page.getByTestId('definition-editor');
  await expect(editor).toBeVisible();

  // The form (date range, computed days, attachment) pasted into the JSON tab, as an institution moving a form from
  // a file would; the Form tab's designer then shows its fields (the designer's own editing: form-designer spec).
  await page.getByRole('tab', { name: T.tabs.json[lang] }).click();
  const json = page.getByTestId('definition-json');
  const drawn = JSON.parse(await json.inputValue()) as Record<string, unknown>;
  await json.fill(JSON.stringify({ ...drawn, form: labForm }, null, 2));
  await page.getByRole('tab', { name: T.tabs.form[lang] }).click();
  await expect(page.getByTestId('fd-list').locator('li')).toHaveCount(Object.keys(labForm.schema.properties).length);
  await shot(page, info, 'design-1-form', lang);

  await page.getByRole('tab', { name: T.tabs.flow[lang] }).click();
  // A lab manager before the department head, named by the people picker.
  await addNode(page, -1, T.approver[lang]);
  await page.getByTestId('node-name-zh').fill(T.manager.zh);
  await page.getByTestId('node-name-en').fill(T.manager.en);
  await pickAntOption(page, page.getByTestId('node-assignee-type'), T.named[lang]);
  await pickPerson(page, page.getByTestId('node-assignee-user'), 'lisi');
  // A cc node after the department head; first with a role nobody holds, to see publish refuse it on the node.
  await addNode(page, 1, T.cc[lang]);
  await page.getByTestId('node-name-zh').fill(T.ccName.zh);
  await page.getByTestId('node-name-en').fill(T.ccName.en);
  await pickAntOption(page, page.getByTestId('node-assignee-type'), T.role[lang]);
  await page.getByTestId('node-assignee-role').locator('input').fill('nosuchrole');
  // The manager's approval branches: more than 3 days → department head, otherwise → cc.
  await page.getByTestId('designer-node-approver2').click();
  await page.getByTestId('route-branches').click();
  await pickAntOption(page, page.getByTestId('route-branch-0-field'), T.days[lang]);
  await pickAntOption(page, page.getByTestId('route-branch-0-op'), T.gt[lang]);
  await page.getByTestId('route-branch-0-value').fill('3');
  await pickAntOption(page, page.getByTestId('route-otherwise'), T.ccName[lang]);
  await expect(page.getByTestId('designer-node-approver2')).toContainText(`${T.days[lang]} ${T.gt[lang]} 3`);
  await axeClean(page);
  await shot(page, info, 'design-2-flow', lang);

  // Publish: the server names the role nobody holds, on the cc node; nothing is stored.
  await page.getByTestId('editor-publish').click();
  await expect(page.getByTestId('designer-node-cc1').locator('.sh-flow-issue')).toContainText('nosuchrole');
  await shot(page, info, 'design-3-refused', lang);
  await page.getByTestId('designer-node-cc1').click();
  await pickAntOption(page, page.getByTestId('node-assignee-type'), T.head[lang]);
  await expect(page.getByTestId('designer-node-cc1').locator('.sh-flow-issue')).toHaveCount(0);

  // Simulate: 5 days passes the department head, 2 days does not.
  await page.getByRole('tab', { name: T.tabs.simulate[lang] }).click();
  await page.locator('#sim-days').fill('5');
  await expect(page.getByTestId('simulate-result')).toContainText(T.headNode[lang]);
  await expect(page.locator('.sh-flow-card.is-highlighted')).toHaveCount(3);
  await shot(page, info, 'design-4-simulate-5-days', lang);
  await page.locator('#sim-days').fill('2');
  await expect(page.getByTestId('simulate-result')).not.toContainText(T.headNode[lang]);
  await expect(page.locator('.sh-flow-card.is-highlighted')).toHaveCount(2);

  await page.getByTestId('editor-publish').click();
  await expect(editor).toBeHidden();
  const row = page.locator('tr', { hasText: code });
  await expect(row).toBeVisible();
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.getByTestId(`definition-versions-${code}`)).toBeVisible();
  await shot(page, info, 'design-5-published', lang);
}

async function adminApi(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  url: string,
  data?: unknown,
) {
  const res = await request[method](url, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(data ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).entities[0];
}

const node = (page: Page, id: string) => page.getByTestId(`flow-node-${id}`);

for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] design 实验室开放申请, publish, apply, transfer, return, resubmit, finish`, async ({
    browser,
  }, info) => {
    test.setTimeout(300_000);
    const code = `lab-${runTag(info, lang).toLowerCase()}`;
    const admin = await signedIn(browser, 'admin', '/workflow/index', lang);
    if (isMobile(info))
      await adminApi(admin.page.request, admin.token, 'post', '/api/admin/definitions', {
        definition: labDefinition(code),
      });
    else await designOnDesktop(admin.page, info, lang, code);
    // What was drawn is what the journey meant.
    const stored = await adminApi(admin.page.request, admin.token, 'get', `/api/admin/definitions/${code}/versions/1`);
    expect({ ...stored, version: 1 }).toEqual(labDefinition(code));
    await adminApi(admin.page.request, admin.token, 'post', '/api/admin/apps', {
      code,
      name: `实验室开放申请 ${code}`,
      name_en: `Lab opening ${code}`,
      kind: 'builtin',
      definition_code: code,
    });
    await admin.close();

    // The student applies with a PDF (uploaded for the form's attachment field, then submitted with the form).
    const student = await signedIn(browser, 'zhangsan', '/workflow/index', lang);
    const upload = await student.page.request.post(`/api/attachment?code=${code}&field=files`, {
      headers: { authorization: `Bearer ${student.token}` },
      multipart: {
        file: {
          name: '安全承诺书.pdf',
          mimeType: 'application/pdf',
          buffer: fs.readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'certificate.pdf')),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const pdf = (await upload.json()).entities[0];
    const p = await startProcess(student.page.request, student.token, code, {
      period: { start: '2026-12-07', end: '2026-12-11' },
      days: 5,
      reason: `${code} spectroscopy`,
      files: [pdf],
    });
    const detail = `/workflow/detail?id=${p.id}`;

    const lisi = await signedIn(browser, 'lisi', detail, lang);
    await expect(node(lisi.page, 'approver2')).toHaveAttribute('data-status', 'current');
    await expect(lisi.page.getByTestId('attachment-list')).toContainText('安全承诺书.pdf');
    // The date range reads as two dates, not as the JSON it is stored as.
    await expect(
      lisi.page.getByText(lang === 'zh' ? '2026-12-07 至 2026-12-11' : '2026-12-07 to 2026-12-11'),
    ).toBeVisible();
    await shot(lisi.page, info, 'lab-1-submitted', lang);
    await usePower(lisi.page, info, 'transfer', { person: 'zhaoliu' }, `${code} away`);
    await lisi.close();

    const zhaoliu = await signedIn(browser, 'zhaoliu', detail, lang);
    await expect(zhaoliu.page.getByText(`${code} away`).first()).toBeVisible();
    await shot(zhaoliu.page, info, 'lab-2-transferred', lang);
    await usePower(zhaoliu.page, info, 'return', { step: T.applicant[lang] }, `${code} add the pledge`);
    await zhaoliu.close();

    const s = student.page;
    await s.goto(detail);
    await expect(node(s, 'start')).toHaveAttribute('data-status', 'current');
    await shot(s, info, 'lab-3-returned', lang);
    await s.getByTestId('task-action-resubmit').click();
    await expect(node(s, 'approver2')).toHaveAttribute('data-status', 'current');
    await shot(s, info, 'lab-4-resubmitted', lang);

    // 5 days: the manager, then the department head; the cc node passes on its own.
    await approveInTurn(browser, ['lisi', 'wangwu'], p.id, lang);
    await s.goto(detail);
    await expect(s.getByTestId('process-status')).toHaveAttribute('data-status', 'completed');
    for (const id of ['start', 'approver2', 'approver1', 'cc1', 'end'])
      await expect(node(s, id)).toHaveAttribute('data-status', 'done');
    await axeClean(s);
    await shot(s, info, 'lab-5-completed', lang);
    await student.close();
  });
}
