import type { ProcessDefinition } from '@service-hall/engine';

/**
 * Drafts live in this browser (localStorage) until published: the server stores published versions only, so an
 * unfinished design never becomes a version a process could start on (docs/adr/0025-flow-designer-plain-react-cards-the-model-is-the-definition.md).
 */
const key = (code: string) => `sh.definition-draft.${code}`;

export function loadDraft(code: string): ProcessDefinition | null {
  try {
    const text = localStorage.getItem(key(code));
    return text ? (JSON.parse(text) as ProcessDefinition) : null;
  } catch {
    return null;
  }
}

export function saveDraft(def: ProcessDefinition): void {
  try {
    localStorage.setItem(key(def.code), JSON.stringify(def));
  } catch {
    /* storage full or off: the editor still holds it */
  }
}

export function dropDraft(code: string): void {
  try {
    localStorage.removeItem(key(code));
  } catch {
    /* nothing to drop */
  }
}

/** Offers a definition's JSON as a file download (the export). */
export function downloadJson(def: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(def, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
