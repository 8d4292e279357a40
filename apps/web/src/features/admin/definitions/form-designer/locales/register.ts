import i18next from 'i18next';
import zh from './zh.json';
import en from './en.json';

// The designer's texts travel with its chunk, in their own namespace (the console's page files stay untouched).
i18next.addResourceBundle('zh', 'formDesigner', zh, true, true);
i18next.addResourceBundle('en', 'formDesigner', en, true, true);
