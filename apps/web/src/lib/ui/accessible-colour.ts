import { FastColor } from '@ant-design/fast-color';

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = new FastColor(a).getLuminance();
  const lb = new FastColor(b).getLuminance();
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The template's theme colour, darkened just enough that white text on it and it as text on white or on its own
 * light tints (selected items, tags) reach 4.5:1, WCAG AA for normal text — hence 5.2:1 against white. Templates
 * are data an operator edits; antd's default blue #1677ff is only 4.1:1.
 */
export function accessiblePrimary(colour: string, minimum = 5.2): string {
  let c = new FastColor(colour);
  if (!c.isValid) return colour;
  for (let i = 0; i < 40 && contrastRatio(c.toHexString(), '#ffffff') < minimum; i++) c = c.darken(2);
  return c.toHexString();
}
