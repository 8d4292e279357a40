import { registerTexts } from '../../chunk-texts.ts';
import en from './en/formDesigner.json';
import zh from './zh/formDesigner.json';

// The designer's texts travel with its chunk, in their own namespace (the console's page files stay untouched).
registerTexts('formDesigner', zh, en);
