import { describe, expect, it } from 'vitest';

import { checkFormSchema } from '../src/form/form-schema-check.ts';
import { acceptsType, attachmentLimits, checkAttachmentFile } from '../src/index.ts';

const field = {
  type: 'array',
  'x-kind': 'attachment',
  'x-accept': ['application/pdf', 'image/*'],
  'x-max-size': 1024,
  maxItems: 2,
};
const form = (certificate: Record<string, unknown>) => ({ type: 'object', properties: { certificate } });

describe('the attachment field kind', () => {
  it('reads its limits, with defaults for what the schema leaves out', () => {
    expect(attachmentLimits(field)).toEqual({ accept: ['application/pdf', 'image/*'], maxSize: 1024, maxCount: 2 });
    const defaults = attachmentLimits({ type: 'array', 'x-kind': 'attachment' });
    expect([defaults.maxSize, defaults.maxCount, defaults.accept.includes('application/pdf')]).toEqual([
      10 * 1024 * 1024,
      10,
      true,
    ]);
  });

  it('accepts types by wildcard, and refuses a type or a size with the field’s words', () => {
    expect(acceptsType(['image/*'], 'image/png')).toBe(true);
    expect(acceptsType(['image/*'], 'application/pdf')).toBe(false);
    expect(checkAttachmentFile(field, { name: 'a.pdf', type: 'application/pdf', size: 1024 }, ['certificate'])).toEqual(
      [],
    );
    expect(
      checkAttachmentFile(field, { name: 'a.zip', type: 'application/zip', size: 2048 }, ['certificate']).map(
        (e) => e.keyword,
      ),
    ).toEqual(['attachmentType', 'attachmentSize']);
  });

  it('is checked on publish: an array without items, MIME types in x-accept, a size within the ceiling', () => {
    expect(checkFormSchema(form(field))).toEqual([]);
    expect(checkFormSchema(form({ ...field, items: { type: 'string' } }))[0]).toMatch(/remove "items"/);
    expect(checkFormSchema(form({ ...field, type: 'string' }))[0]).toMatch(/type "array"/);
    expect(checkFormSchema(form({ ...field, 'x-accept': ['pdf'] }))[0]).toMatch(/x-accept/);
    expect(checkFormSchema(form({ ...field, 'x-max-size': 200 * 1024 * 1024 }))[0]).toMatch(/x-max-size/);
  });
});
