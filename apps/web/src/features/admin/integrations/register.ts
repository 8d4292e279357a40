import i18next from 'i18next';
import zh from './locales/zh.json';
import en from './locales/en.json';

// The integrations page's texts, in their own namespace so they travel with its chunk only.
i18next.addResourceBundle('zh', 'adminIntegrations', zh, true, true);
i18next.addResourceBundle('en', 'adminIntegrations', en, true, true);
