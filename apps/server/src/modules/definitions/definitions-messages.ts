import { defineMessages } from '../../i18n/messages.ts';

// Publishing and reading definitions ("definitions are data").
export const definitionsMessages = defineMessages('definitions', {
  DEFINITION_INVALID: {
    zh: '流程定义有 {count} 处问题，未发布',
    en: 'The definition has {count} problem(s); nothing was published',
  },
  DEFINITION_NOT_FOUND: { zh: '流程定义不存在', en: 'No such definition' },
  DEFINITION_VERSION_RACE: {
    zh: '同一流程刚刚发布了另一个版本，请刷新后再试',
    en: 'Another version of this definition was published just now; reload and try again',
  },
  DEFINITION_JSON_INVALID: { zh: '流程定义文件不是有效的 JSON', en: 'The definition file is not valid JSON' },
});
