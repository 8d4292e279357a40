import { registerTexts } from '../../chunk-texts.ts';
import en from './en/adminProcesses.json';
import zh from './zh/adminProcesses.json';

// The processes page's texts, in their own namespace so they travel with its chunk only.
registerTexts('adminProcesses', zh, en);
