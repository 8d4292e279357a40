import { registerTexts } from '../../chunk-texts.ts';
import en from './en/definitions.json';
import zh from './zh/definitions.json';

// The definitions page's texts travel in its own chunk, like the rest of the console's.
registerTexts('definitions', zh, en);
