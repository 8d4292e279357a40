import { registerTexts } from '../../chunk-texts.ts';
import zh from './zh/definitions.json';
import en from './en/definitions.json';

// The definitions page's texts travel in its own chunk, like the rest of the console's.
registerTexts('definitions', zh, en);
