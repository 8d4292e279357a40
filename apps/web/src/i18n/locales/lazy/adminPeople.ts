import { registerTexts } from '../../chunk-texts.ts';
import en from './en/adminPeople.json';
import zh from './zh/adminPeople.json';

// The people pages' texts, in their own namespace so they travel with these pages' chunks only.
registerTexts('adminPeople', zh, en);
