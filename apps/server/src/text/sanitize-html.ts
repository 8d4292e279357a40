import sanitize from 'sanitize-html';

/**
 * The allow-list for guide step HTML. Guides are written by administrators but shown to everyone, so any markup
 * that can run script or load content (script, style, iframe, svg, on* handlers, javascript:/data: URLs) goes.
 */
const options: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'a',
    'h3',
    'h4',
    'span',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Drop the content of these too, not just the tags (an svg's <title> or a textarea's text is not guide text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object'],
  transformTags: {
    // Links leave the portal: never hand the opener to the target page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

// sanitize-html parses each input (~0.2–0.5 ms); guide steps are read far more often than written, so results are
// memoised. Bounded: the oldest entry goes first (Map keeps insertion order).
const memo = new Map<string, string>();
const MEMO_LIMIT = 5_000;

/** Sanitises rich guide text to the allow-list above; safe to call on already-clean HTML (idempotent). */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  const hit = memo.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitize(html, options);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(html, clean);
  return clean;
}

/** Plain text of rich HTML, for search haystacks. */
export function stripTags(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: options.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
