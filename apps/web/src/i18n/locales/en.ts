import { namespaces } from '../namespaces.ts';

/** The English texts: one chunk, loaded by i18n/index.ts only when English is chosen. */
export default namespaces(import.meta.glob<{ default: Record<string, unknown> }>('./en/*.json', { eager: true }));
