import { describe, expect, it } from 'vitest';

import { acceptAttribute, acceptNames, countProblem, fileProblem, limitsOf } from './field-limits.ts';
import { fileSize } from './file-size.ts';

const schema = {
  type: 'array',
  'x-kind': 'attachment',
  'x-accept': ['application/pdf', 'image/*'],
  'x-max-size': 10 * 1024 * 1024,
  maxItems: 5,
};
const label = { zh: '证明材料', en: 'Supporting documents' };

// The widget's refusals before upload are the engine's sentences (the server answers with the same ones).
describe('attachment field limits in the browser', () => {
  it("words the accepted types and builds the file input's accept", () => {
    expect(acceptNames(limitsOf(schema), 'zh')).toBe('PDF、图片');
    expect(acceptNames(limitsOf(schema), 'en')).toBe('PDF, images');
    expect(acceptAttribute(limitsOf(schema))).toBe('application/pdf,image/*');
  });

  it("refuses a type, a size and one file too many with the engine's words; lets an untyped file through to the server", () => {
    const zip = new File(['PK'], '成绩单.zip', { type: 'application/zip' });
    expect(fileProblem(schema, label, zip, 'zh')).toBe('证明材料不接受文件“成绩单.zip”的类型，只接受 PDF、图片');
    const big = { name: 'scan.pdf', type: 'application/pdf', size: 11 * 1024 * 1024 };
    expect(fileProblem(schema, label, big, 'en')).toBe(
      '"scan.pdf" is larger than the 10 MB Supporting documents allows',
    );
    expect(fileProblem(schema, label, new File(['x'], 'photo', { type: '' }), 'zh')).toBeNull();
    expect(fileProblem(schema, label, new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), 'zh')).toBeNull();
    expect(countProblem(schema, label, 'zh')).toBe('证明材料最多上传 5 个文件');
  });

  it('shows sizes as people read them', () => {
    expect([fileSize(812), fileSize(120 * 1024), fileSize(3.4 * 1024 * 1024)]).toEqual(['812 B', '120 KB', '3.4 MB']);
  });
});
