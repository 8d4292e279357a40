import { registerTexts } from '../../../i18n/chunk-texts.ts';
import zh from './locales/zh.json';
import en from './locales/en.json';

// The people pages' texts, in their own namespace so they travel with these pages' chunks only.
registerTexts('adminPeople', zh, en);
