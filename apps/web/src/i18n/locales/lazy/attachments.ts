import { registerTexts } from '../../chunk-texts.ts';
import en from './en/attachments.json';
import zh from './zh/attachments.json';

// The attachment widgets' texts, in their own namespace so they travel with the apply and detail chunks only.
registerTexts('attachments', zh, en);
