import { registerTexts } from '../../chunk-texts.ts';
import zh from './zh/adminProcesses.json';
import en from './en/adminProcesses.json';

// The processes page's texts, in their own namespace so they travel with its chunk only.
registerTexts('adminProcesses', zh, en);
