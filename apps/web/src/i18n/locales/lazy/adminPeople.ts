import { registerTexts } from '../../chunk-texts.ts';
import zh from './zh/adminPeople.json';
import en from './en/adminPeople.json';

// The people pages' texts, in their own namespace so they travel with these pages' chunks only.
registerTexts('adminPeople', zh, en);
