// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { validateForm } from '@service-hall/engine/form';

import {
  addField,
  datePaths,
  emptyForm,
  fieldKeys,
  moveField,
  removeField,
  renameField,
  type DesignerForm,
} from './designer-model.ts';
import { readSettings, writeSettings } from './field-settings.ts';
import { formProblems } from './form-problems.ts';

const texts = {
  option: (n: number) => ({ zh: `选项${n}`, en: `Option ${n}` }),
  description: { zh: '说明', en: 'Notes' },
};
const label = (zh: string, en: string) => ({ zh, en });
const order = (from: string, to: string) => ({ zh: `${to}不能早于${from}`, en: `${to} not before ${from}` });

/** A form built as an administrator would: a range, computed working days from it, money and a select. */
function designed(): DesignerForm {
  let f = emptyForm();
  f = addField(f, 'dateRange', label('使用期间', 'Period'), texts).form;
  f = addField(f, 'computed', label('工作日数', 'Working days'), texts).form;
  f = addField(f, 'money', label('经费', 'Budget'), texts).form;
  f = addField(f, 'select', label('实验室', 'Laboratory'), texts).form;
  return f;
}

describe('the form designer model', () => {
  it('adds fields of each kind with free keys, in order, the computed one counting the first range', () => {
    const f = designed();
    expect(fieldKeys(f)).toEqual(['dateRange1', 'computed1', 'money1', 'select1']);
    expect(readSettings(f, 'computed1')).toMatchObject({
      kind: 'computed',
      computedFrom: 'dateRange1.start',
      computedTo: 'dateRange1.end',
      excludeWeekends: false,
    });
    expect(readSettings(f, 'money1')).toMatchObject({ kind: 'money', unit: 'CNY', minimum: 0 });
    expect(readSettings(f, 'select1').options).toEqual([
      { value: 'option1', zh: '选项1', en: 'Option 1' },
      { value: 'option2', zh: '选项2', en: 'Option 2' },
    ]);
    expect(datePaths(f)).toEqual(['dateRange1.start', 'dateRange1.end']);
    expect(formProblems(f)).toEqual([]);
  });

  it('reorders, and a move past either end changes nothing', () => {
    const f = designed();
    expect(fieldKeys(moveField(f, 3, 0))).toEqual(['select1', 'dateRange1', 'computed1', 'money1']);
    expect(moveField(f, 0, -1)).toBe(f);
    expect(moveField(f, 3, 4)).toBe(f);
  });

  it('renames a field everywhere it is named, and refuses a key already taken', () => {
    const f = renameField(designed(), 'dateRange1', 'period');
    expect(fieldKeys(f)[0]).toBe('period');
    expect(f.fieldLabels.period).toEqual(label('使用期间', 'Period'));
    expect(readSettings(f, 'computed1')).toMatchObject({ computedFrom: 'period.start', computedTo: 'period.end' });
    expect(renameField(f, 'period', 'money1')).toBe(f);
  });

  it('removes a field with what reads it, and then says the computed field lost its dates', () => {
    const f = removeField(designed(), 'dateRange1');
    expect(fieldKeys(f)).toEqual(['computed1', 'money1', 'select1']);
    expect(f.fieldLabels.dateRange1).toBeUndefined();
    expect(formProblems(f)).toEqual([{ field: 'computed1', code: 'computedSource' }]);
  });

  it('writes settings the engine validator then applies: required, weekends, limits, options, not-before dates', () => {
    let f = designed();
    f = writeSettings(f, 'dateRange1', { ...readSettings(f, 'dateRange1'), required: true }, order);
    f = writeSettings(f, 'computed1', { ...readSettings(f, 'computed1'), excludeWeekends: true }, order);
    f = writeSettings(f, 'money1', { ...readSettings(f, 'money1'), maximum: 1000, unit: 'USD' }, order);
    f = writeSettings(
      f,
      'select1',
      { ...readSettings(f, 'select1'), options: [{ value: 'chem', zh: '化学', en: 'Chemistry' }] },
      order,
    );
    expect(f.schema.properties.money1).toMatchObject({ maximum: 1000, 'x-unit': 'USD' });
    expect(f.uiSchema?.select1).toEqual({ 'ui:enumNames': [label('化学', 'Chemistry')] });
    const period = { start: '2026-11-30', end: '2026-12-06' };
    expect(validateForm(f, { dateRange1: period, computed1: 5, money1: 10, select1: 'chem' })).toEqual([]);
    expect(validateForm(f, { dateRange1: period, computed1: 7 }).map((e) => e.field)).toEqual(['computed1']);
    expect(validateForm(f, { money1: 2000 }).map((e) => e.field)).toEqual(['dateRange1', 'money1']);

    f = addField(f, 'date', label('开始', 'Start'), texts).form;
    f = addField(f, 'date', label('结束', 'End'), texts).form;
    f = writeSettings(f, 'date2', { ...readSettings(f, 'date2'), notBefore: 'date1' }, order);
    expect(f.rules).toEqual([{ type: 'dateOrder', from: 'date1', to: 'date2', message: order('date1', 'date2') }]);
    expect(
      validateForm(f, { dateRange1: period, date1: '2026-12-02', date2: '2026-12-01' }).map((e) => e.field),
    ).toEqual(['date2']);
    // Clearing "not before" drops the rule.
    f = writeSettings(f, 'date2', { ...readSettings(f, 'date2'), notBefore: undefined }, order);
    expect(f.rules).toEqual([]);
  });

  it('points at the field for what only a designer gets wrong', () => {
    let f = designed();
    f = writeSettings(f, 'select1', { ...readSettings(f, 'select1'), options: [] }, order);
    f = writeSettings(
      f,
      'money1',
      { ...readSettings(f, 'money1'), label: label('', 'Budget'), minimum: 10, maximum: 5 },
      order,
    );
    expect(formProblems(f)).toEqual([
      { field: 'money1', code: 'labelMissing' },
      { field: 'money1', code: 'minAboveMax' },
      { field: 'select1', code: 'noOptions' },
    ]);
    expect(formProblems(emptyForm())).toEqual([{ code: 'noFields' }]);
    const badKey = renameField(designed(), 'money1', '1money');
    expect(formProblems(badKey)).toEqual([{ field: '1money', code: 'badKey' }]);
  });

  it('keeps what it does not edit (a default, multipleOf, a widget hint)', () => {
    const f: DesignerForm = {
      schema: { type: 'object', properties: { days: { type: 'number', minimum: 0.5, multipleOf: 0.5, default: 1 } } },
      uiSchema: { days: { 'ui:widget': 'updown' } },
      fieldLabels: { days: label('天数', 'Days') },
    };
    const g = writeSettings(f, 'days', { ...readSettings(f, 'days'), maximum: 30 }, order);
    expect(g.schema.properties.days).toEqual({
      type: 'number',
      minimum: 0.5,
      multipleOf: 0.5,
      default: 1,
      maximum: 30,
    });
    expect(g.uiSchema?.days).toEqual({ 'ui:widget': 'updown' });
  });
});
