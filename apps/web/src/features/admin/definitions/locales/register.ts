import { registerTexts } from '../../../../i18n/chunk-texts.ts';
import zh from './zh.json';
import en from './en.json';

// The definitions page's texts travel in its own chunk, like the rest of the console's.
registerTexts('definitions', zh, en);
