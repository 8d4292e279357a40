import fs from 'node:fs';
import path from 'node:path';

import { attachmentInput, fillLeaveForm } from '../support/leave-form.ts';
import { isMobile, shot, signedIn, type Lang } from '../support/matters.ts';
import { axeClean } from '../support/powers.ts';
import { expect, test } from '../support/test.ts';

const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', name));
const TEXT = {
  type: { zh: '病假', en: 'Sick leave' },
  wrongType: {
    zh: '证明材料不接受文件“成绩单.zip”的类型，只接受 PDF、图片',
    en: 'Supporting documents does not accept the type of "成绩单.zip"; it accepts PDF, images',
  },
  label: { zh: '证明材料', en: 'Supporting documents' },
} as const;

/**
 * a member applies for sick leave with a PDF and a photo (a file of the wrong type is refused in
 * their language before anything is sent); the counsellor sees the files on the detail page and downloads the PDF
 * under its Chinese name; another member is refused the file.
 */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] apply with a PDF and a picture; the approver downloads it; a stranger is refused`, async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const mobile = isMobile(info);
    const student = await signedIn(browser, 'zhangsan', '/workflow/apply?code=leave', lang);
    const s = student.page;
    const reason = `E2E attach ${info.project.name} ${lang} ${Date.now().toString(36)}`;
    await fillLeaveForm(s, mobile, {
      type: TEXT.type[lang],
      start: '2026-12-10',
      end: '2026-12-11',
      days: '2',
      reason,
    });

    // The phone offers the camera (capture) and the album or files (no capture), each limited to the field's types.
    if (mobile) {
      await expect(s.getByTestId('camera-input-certificate')).toHaveAttribute('capture', 'environment');
      await expect(s.getByTestId('camera-input-certificate')).toHaveAttribute('accept', 'image/*');
      await expect(s.getByTestId('file-input-certificate')).not.toHaveAttribute('capture');
    }
    await attachmentInput(s, mobile, 'certificate').setInputFiles([
      { name: '诊断证明.pdf', mimeType: 'application/pdf', buffer: fixture('certificate.pdf') },
      { name: '化验单.png', mimeType: 'image/png', buffer: fixture('lab-report.png') },
      {
        name: '成绩单.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from('PK\x05\x06\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1'),
      },
    ]);
    const items = s.getByTestId('attachment-item');
    await expect(items).toHaveCount(3);
    await expect(s.locator('[data-testid="attachment-item"][data-status="done"]')).toHaveCount(2);
    await expect(s.getByText(TEXT.wrongType[lang]).first()).toBeVisible();
    await axeClean(s);
    await shot(s, info, 'attachments-1-apply', lang);

    await s.getByTestId('apply-submit').click();
    await expect(s.getByTestId('apply-result')).toBeVisible();
    await s.getByTestId('result-detail').click();
    const list = s.getByTestId('attachment-list');
    await expect(list.getByTestId('attachment-link')).toHaveCount(2);
    await expect(list).toContainText('诊断证明.pdf');
    const id = new URL(s.url()).searchParams.get('id')!;
    const detail = (
      await (
        await s.request.get(`/api/process/${id}`, { headers: { authorization: `Bearer ${student.token}` } })
      ).json()
    ).entities[0] as { data: { certificate: Array<{ id: string; name: string }> } };
    const pdf = detail.data.certificate.find((f) => f.name === '诊断证明.pdf')!;
    await student.close();

    // The counsellor: the picture as a thumbnail, the PDF downloaded under its own name.
    const lisi = await signedIn(browser, 'lisi', `/workflow/detail?id=${id}`, lang);
    const l = lisi.page;
    await expect(l.getByTestId('attachment-link')).toHaveCount(2);
    await expect(l.getByTestId('attachment-list').locator('img').first()).toBeVisible();
    await axeClean(l);
    await shot(l, info, 'attachments-2-detail', lang);
    const [download] = await Promise.all([
      l.waitForEvent('download'),
      l.getByRole('button', { name: lang === 'zh' ? '下载 诊断证明.pdf' : 'Download 诊断证明.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('诊断证明.pdf');
    expect(fs.readFileSync(await download.path())).toEqual(fixture('certificate.pdf'));
    await lisi.close();

    // Another member may not have it.
    const stranger = await signedIn(browser, 'liuxiaoming', '/workflow/index', lang);
    const refused = await stranger.page.request.get(`/api/attachment/${pdf.id}`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).ecode).toBe('FORBIDDEN');
    await stranger.close();
  });
}
