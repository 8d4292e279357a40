/** Plain text of a rich-text fragment, for short previews in result lists (DOMParser never runs scripts). */
export function stripHtml(html: string, max = 120): string {
  const text = new DOMParser().parseFromString(html || '', 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
