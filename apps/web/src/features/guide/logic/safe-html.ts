import DOMPurify from 'dompurify';

// Links in guide steps open outside the SPA and must not get a handle on it.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Guide step rich text made safe to render: scripts, handlers and dangerous URLs removed. */
export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}
