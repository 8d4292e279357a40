import i18next from 'i18next';
import zh from './zh.json';
import en from './en.json';

// The definitions page's texts travel in its own chunk, like the rest of the console's.
i18next.addResourceBundle('zh', 'definitions', zh, true, true);
i18next.addResourceBundle('en', 'definitions', en, true, true);
