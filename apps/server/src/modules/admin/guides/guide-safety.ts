import { AppError } from '../../../platform/app-error.ts';

// Script, event handlers, javascript: addresses, frames and objects: refused outright rather than quietly dropped,
// so the administrator learns their text was not what it seemed. Anything milder is sanitised on save as before.
const UNSAFE =
  /<\s*(script|iframe|object|embed|frame|frameset)\b|\son[a-z]+\s*=|javascript\s*:|vbscript\s*:|data\s*:\s*text\/html/i;

/** Refuses a guide whose title or step text carries script (GUIDE_UNSAFE, nothing saved). */
export function assertGuideSafe(input: {
  title?: string;
  steps?: Array<{ title?: string; html?: string; html_en?: string }>;
}): void {
  const texts = [
    input.title ?? '',
    ...(input.steps ?? []).flatMap((s) => [s.title ?? '', s.html ?? '', s.html_en ?? '']),
  ];
  if (texts.some((t) => UNSAFE.test(t))) throw new AppError('VALIDATION_FAILED', 'GUIDE_UNSAFE');
}
