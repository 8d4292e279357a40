import { registerTexts } from '../../../i18n/chunk-texts.ts';
import zh from './zh.json';
import en from './en.json';

// The console's texts travel in its own chunk (a member's entry bundle stays as it was); both languages are small.
registerTexts('admin', zh, en);
