// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import type { DefinitionView } from '@service-hall/contracts';

import enApply from '../../../i18n/locales/en/apply.json';
import enDetail from '../../../i18n/locales/en/detail.json';
import zhApply from '../../../i18n/locales/zh/apply.json';
import zhDetail from '../../../i18n/locales/zh/detail.json';
import { formFields } from './form-fields.ts';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'zh',
  resources: { zh: { detail: zhDetail, apply: zhApply }, en: { detail: enDetail, apply: enApply } },
});
const t = (lang: string) => i18n.getFixedT(lang);

const def = {
  labels: { leaveType: '请假类型' },
  form: {
    schema: { properties: { leaveType: { enum: ['personal', 'sick'] } } },
    uiSchema: {
      leaveType: {
        'ui:enumNames': [
          { zh: '事假', en: 'Personal' },
          { zh: '病假', en: 'Sick' },
        ],
      },
    },
    fieldLabels: { days: { zh: '天数', en: 'Days' } },
  },
} as unknown as DefinitionView;

describe('formFields', () => {
  it('uses definition labels and option names, raw keys otherwise', () => {
    expect(formFields({ leaveType: 'sick', days: 2, extra: true }, def, 'zh', t('zh'))).toEqual([
      { key: 'leaveType', label: '请假类型', value: '病假' },
      { key: 'days', label: '天数', value: '2' },
      { key: 'extra', label: 'extra', value: '是' },
    ]);
    expect(formFields({ leaveType: 'sick' }, null, 'en', t('en'))).toEqual([
      { key: 'leaveType', label: 'leaveType', value: 'sick' },
    ]);
  });

  it('shows a date range as its two dates and money with its unit, in the reader’s language', () => {
    const trip = {
      labels: {},
      form: {
        schema: {
          properties: {
            period: { type: 'object', 'x-kind': 'dateRange' },
            cost: { type: 'number', 'x-kind': 'money', 'x-unit': 'CNY' },
          },
        },
        fieldLabels: { period: { zh: '出差期间', en: 'Period' }, cost: { zh: '预计费用', en: 'Estimated cost' } },
      },
    } as unknown as DefinitionView;
    const data = { period: { start: '2026-12-07', end: '2026-12-11' }, cost: 48200 };
    expect(formFields(data, trip, 'zh', t('zh')).map((f) => f.value)).toEqual([
      '2026-12-07 至 2026-12-11',
      '48,200 元',
    ]);
    expect(formFields(data, trip, 'en', t('en')).map((f) => f.value)).toEqual([
      '2026-12-07 to 2026-12-11',
      '48,200 CNY',
    ]);
  });

  it('shows a person and a department by the names the server gave (dataNames), never the account or the id', () => {
    const form = {
      labels: {},
      form: {
        schema: {
          properties: {
            backup: { type: 'string', 'x-kind': 'person' },
            dept: { type: 'string', 'x-kind': 'department' },
          },
        },
        fieldLabels: { backup: { zh: '代班人', en: 'Cover' }, dept: { zh: '去向部门', en: 'Department' } },
      },
    } as unknown as DefinitionView;
    const data = { backup: 'zhaoliu', dept: 'finance' };
    expect(formFields(data, form, 'zh', t('zh'), { backup: '赵六', dept: '财务处' }).map((f) => f.value)).toEqual([
      '赵六',
      '财务处',
    ]);
    expect(
      formFields(data, form, 'en', t('en'), { backup: 'Zhao Liu', dept: 'Finance Office' }).map((f) => f.value),
    ).toEqual(['Zhao Liu', 'Finance Office']);
    // A person the directory no longer knows is shown as stored.
    expect(formFields(data, form, 'en', t('en'), {}).map((f) => f.value)).toEqual(['zhaoliu', 'finance']);
  });
});
