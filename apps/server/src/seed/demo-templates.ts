import type { PageTemplate } from '@service-hall/contracts';

import type { Db } from '../db/database.ts';

type TemplateConfig = Omit<PageTemplate, 'images'>;

/**
 * Home-page templates (docs/product.md §11): which sections show, in what order, and the theme. A second solution, compact,
 * puts search first and drops the banner so the difference is visible at a glance.
 */
const templates: TemplateConfig[] = [
  {
    domain: 'todoCenter',
    solution: 'default',
    terminal: 'workflow',
    sections: ['banner', 'search', 'recommended', 'catalogue', 'guides'],
    theme: { primary: '#1677ff', banner: '/static/demo/banner-index.svg' },
  },
  {
    domain: 'todoCenter',
    solution: 'default',
    terminal: 'wechat',
    sections: ['search', 'banner', 'recommended', 'catalogue'],
    theme: { primary: '#1677ff', banner: '/static/demo/banner-personal.svg' },
  },
  {
    domain: 'todoCenter',
    solution: 'compact',
    terminal: 'workflow',
    sections: ['search', 'catalogue', 'recommended', 'guides'],
    theme: { primary: '#08979c' },
  },
  {
    domain: 'todoCenter',
    solution: 'compact',
    terminal: 'wechat',
    sections: ['search', 'guides', 'recommended', 'catalogue'],
    theme: { primary: '#08979c' },
  },
];

/** Inserts the demo page templates unless present. */
export async function seedTemplates(db: Db): Promise<void> {
  await db
    .insertInto('page_templates')
    .values(
      templates.map((t) => ({
        domain: t.domain,
        solution: t.solution,
        terminal: t.terminal,
        config: JSON.stringify(t),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
