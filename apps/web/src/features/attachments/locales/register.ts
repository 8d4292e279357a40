import { registerTexts } from '../../../i18n/chunk-texts.ts';
import zh from './zh.json';
import en from './en.json';

// The attachment widgets' texts, in their own namespace so they travel with the apply and detail chunks only.
registerTexts('attachments', zh, en);
