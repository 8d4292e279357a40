import { registerTexts } from '../../../i18n/chunk-texts.ts';
import zh from './locales/zh.json';
import en from './locales/en.json';

// The processes page's texts, in their own namespace so they travel with its chunk only.
registerTexts('adminProcesses', zh, en);
