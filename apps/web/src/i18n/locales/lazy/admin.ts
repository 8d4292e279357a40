import { registerTexts } from '../../chunk-texts.ts';
import en from './en/admin.json';
import zh from './zh/admin.json';

// The console's texts travel in its own chunk (a member's entry bundle stays as it was); both languages are small.
registerTexts('admin', zh, en);
