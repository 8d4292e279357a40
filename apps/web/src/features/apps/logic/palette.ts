const COLORS = ['#1f5fbf', '#12a37d', '#e5793b', '#8a55d7', '#d64a7a', '#2b9bd8', '#c79a16', '#4a64d6'];

/** Tile colour: the app's own palette when it is a colour, else a stable pick from its code. */
export function tileColor(palette: string | undefined, seed: string): string {
  if (palette && /^#[0-9a-f]{3,8}$/i.test(palette.trim())) return palette.trim();
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[h % COLORS.length];
}

/** An icon given as an image URL rather than a name. */
export const isImageIcon = (icon: string | undefined) => !!icon && /^(https?:|\/|data:image|\.\/)/.test(icon);

/**
 * The character on a letter tile. The abbreviation is Chinese (请假), so it only suits a Chinese name; an English
 * name (the en catalogue) shows its own initial instead of a Chinese character.
 */
export function tileLetter(app: { name: string; abbreviation?: string }): string {
  const han = /\p{Script=Han}/u.test(app.name);
  const source = han && app.abbreviation ? app.abbreviation : app.name;
  return [...source.trim()][0]?.toUpperCase() ?? '';
}
