import i18next from 'i18next';
import zh from './zh.json';
import en from './en.json';

// The console's texts travel in its own chunk (a member's entry bundle stays as it was); both languages are small.
i18next.addResourceBundle('zh', 'admin', zh, true, true);
i18next.addResourceBundle('en', 'admin', en, true, true);
