import i18next from 'i18next';
import zh from './zh.json';
import en from './en.json';

// The attachment widgets' texts, in their own namespace so they travel with the apply and detail chunks only.
i18next.addResourceBundle('zh', 'attachments', zh, true, true);
i18next.addResourceBundle('en', 'attachments', en, true, true);
