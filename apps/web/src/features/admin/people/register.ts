import i18next from 'i18next';
import zh from './locales/zh.json';
import en from './locales/en.json';

// The people pages' texts, in their own namespace so they travel with these pages' chunks only.
i18next.addResourceBundle('zh', 'adminPeople', zh, true, true);
i18next.addResourceBundle('en', 'adminPeople', en, true, true);
