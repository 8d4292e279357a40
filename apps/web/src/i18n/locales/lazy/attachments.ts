import { registerTexts } from '../../chunk-texts.ts';
import zh from './zh/attachments.json';
import en from './en/attachments.json';

// The attachment widgets' texts, in their own namespace so they travel with the apply and detail chunks only.
registerTexts('attachments', zh, en);
