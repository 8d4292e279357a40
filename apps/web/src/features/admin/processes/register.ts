import i18next from 'i18next';
import zh from './locales/zh.json';
import en from './locales/en.json';

// The processes page's texts, in their own namespace so they travel with its chunk only.
i18next.addResourceBundle('zh', 'adminProcesses', zh, true, true);
i18next.addResourceBundle('en', 'adminProcesses', en, true, true);
