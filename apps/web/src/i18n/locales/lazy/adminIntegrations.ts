import { registerTexts } from '../../chunk-texts.ts';
import en from './en/adminIntegrations.json';
import zh from './zh/adminIntegrations.json';

// The integrations page's texts, in their own namespace so they travel with its chunk only.
registerTexts('adminIntegrations', zh, en);
