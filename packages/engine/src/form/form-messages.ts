/** Every form error text, once, in Chinese and English: the server, the desktop and the phone all use these. */
import type { FormError, I18nText } from '../types.ts';
import { acceptedNames } from './attachment.ts';
import type { SchemaError } from './schema-errors.ts';

const FORMAT_NAMES: Record<string, I18nText> = {
  date: { zh: '日期', en: 'date' },
  'date-time': { zh: '日期时间', en: 'date and time' },
  time: { zh: '时间', en: 'time' },
  email: { zh: '电子邮箱', en: 'e-mail address' },
  uri: { zh: '网址', en: 'URL' },
  uuid: { zh: '编号', en: 'identifier' },
};

const TYPE_NAMES: Record<string, I18nText> = {
  string: { zh: '文本', en: 'text' },
  number: { zh: '数字', en: 'a number' },
  integer: { zh: '整数', en: 'a whole number' },
  boolean: { zh: '是或否', en: 'yes or no' },
  array: { zh: '列表', en: 'a list' },
  object: { zh: '对象', en: 'an object' },
  null: { zh: '空值', en: 'empty' },
};

/** The bilingual text of one error about the field labelled `l`. */
export function describeError(error: SchemaError, l: I18nText): I18nText {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return { zh: `请填写${l.zh}`, en: `${l.en} is required` };
    case 'minLength':
      return { zh: `${l.zh}至少需要 ${p.limit} 个字`, en: `${l.en} must be at least ${p.limit} characters` };
    case 'maxLength':
      return { zh: `${l.zh}不能超过 ${p.limit} 个字`, en: `${l.en} must be at most ${p.limit} characters` };
    case 'minimum':
      return { zh: `${l.zh}不能小于 ${p.limit}`, en: `${l.en} must be at least ${p.limit}` };
    case 'maximum':
      return { zh: `${l.zh}不能大于 ${p.limit}`, en: `${l.en} must be at most ${p.limit}` };
    case 'exclusiveMinimum':
      return { zh: `${l.zh}必须大于 ${p.limit}`, en: `${l.en} must be greater than ${p.limit}` };
    case 'exclusiveMaximum':
      return { zh: `${l.zh}必须小于 ${p.limit}`, en: `${l.en} must be less than ${p.limit}` };
    case 'multipleOf':
      return { zh: `${l.zh}必须是 ${p.multipleOf} 的整数倍`, en: `${l.en} must be a multiple of ${p.multipleOf}` };
    case 'money':
      return { zh: `${l.zh}最多保留两位小数`, en: `${l.en} can have at most two decimal places` };
    case 'enum':
      return { zh: `${l.zh}的取值无效`, en: `${l.en} is not one of the allowed values` };
    case 'type': {
      const t = TYPE_NAMES[String(p.type)] ?? { zh: String(p.type), en: String(p.type) };
      return { zh: `${l.zh}应为${t.zh}`, en: `${l.en} must be ${t.en}` };
    }
    case 'format': {
      const f = FORMAT_NAMES[String(p.format)] ?? { zh: String(p.format), en: String(p.format) };
      return { zh: `${l.zh}不是有效的${f.zh}`, en: `${l.en} is not a valid ${f.en}` };
    }
    case 'pattern':
      return { zh: `${l.zh}格式不正确`, en: `${l.en} is not in the expected format` };
    case 'minItems':
      return { zh: `${l.zh}至少选择 ${p.limit} 项`, en: `${l.en} needs at least ${p.limit} items` };
    case 'maxItems':
      return { zh: `${l.zh}最多选择 ${p.limit} 项`, en: `${l.en} allows at most ${p.limit} items` };
    case 'uniqueItems':
      return { zh: `${l.zh}有重复的项`, en: `${l.en} has the same item twice` };
    case 'additionalProperties':
      return { zh: `不允许的字段：${l.zh}`, en: `${l.en} is not a field of this form` };
    case 'forbiddenKey':
      return { zh: `不允许的字段名：${String(p.key)}`, en: `"${String(p.key)}" is not allowed as a field name` };
    case 'rangeOrder':
      return { zh: `${l.zh}的结束不能早于开始`, en: `${l.en} cannot end before it starts` };
    case 'computedEqual':
      return {
        zh: `${l.zh}应为 ${p.expected}（按所填日期计算）`,
        en: `${l.en} must be ${p.expected} (computed from the dates given)`,
      };
    case 'computedAtMost':
      return {
        zh: `${l.zh}不能超过所填日期的 ${p.expected} 天`,
        en: `${l.en} cannot be more than the ${p.expected} days of the dates given`,
      };
    case 'attachmentCount':
      return { zh: `${l.zh}最多上传 ${p.limit} 个文件`, en: `${l.en} allows at most ${p.limit} files` };
    case 'attachmentType':
      return {
        zh: `${l.zh}不接受文件“${String(p.name)}”的类型，只接受 ${acceptedNames(p.accept as string[], 'zh')}`,
        en: `${l.en} does not accept the type of "${String(p.name)}"; it accepts ${acceptedNames(p.accept as string[], 'en')}`,
      };
    case 'attachmentSize':
      return {
        zh: `${l.zh}的文件“${String(p.name)}”超过 ${p.limit} MB`,
        en: `"${String(p.name)}" is larger than the ${p.limit} MB ${l.en} allows`,
      };
    default:
      return { zh: `${l.zh}无效`, en: `${l.en} is invalid` };
  }
}

/** Bilingual form errors, labelled with the form's field labels (a nested value by its top-level field). */
export function formErrorsOf(errors: SchemaError[], labels: Record<string, I18nText>): FormError[] {
  return errors.map((error) => {
    const field = error.path.join('.');
    const top = error.path[0];
    const known = top !== undefined && Object.hasOwn(labels, top) ? labels[top] : undefined;
    const label = known ?? (field === '' ? { zh: '表单', en: 'The form' } : { zh: field, en: field });
    return { field, message: describeError(error, label) };
  });
}
