import { registerTexts } from '../../../../../i18n/chunk-texts.ts';
import zh from './zh.json';
import en from './en.json';

// The designer's texts travel with its chunk, in their own namespace (the console's page files stay untouched).
registerTexts('formDesigner', zh, en);
