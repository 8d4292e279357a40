import { ENTERPRISE_IMAGE_KINDS } from '@service-hall/contracts';

import type { Db } from '../db/database.ts';
import { pinyinKeys } from '../text/pinyin.ts';
import { categories, demoApps, demoDepts, demoSystems } from './demo-catalogue-data.ts';
import { ENTERPRISE_ID, userId } from './demo-people.ts';

/** App ids are the code prefixed, so guides, processes and tests can name them without a lookup. */
export const appId = (code: string) => `app-${code}`;

/** Which apps, besides every app for admin, each demo administrator looks after. */
const appAdmins: Record<string, string[]> = { wangwu: ['leave', 'business-trip'], zhaoliu: ['reimburse'] };

/** Inserts the external systems, the app catalogue, app administrators and enterprise images unless present. */
export async function seedCatalogue(db: Db, now: number): Promise<void> {
  await db
    .insertInto('systems')
    .values(demoSystems.map((s) => ({ ...s, secret_hash: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  const systemUrl = new Map(demoSystems.map((s) => [s.id, s.base_url]));
  const rows = demoApps.map((a, i) => {
    const keys = pinyinKeys(a.name);
    const dept = demoDepts[a.dept]!;
    return {
      id: appId(a.code),
      code: a.code,
      name: a.name,
      name_en: a.name_en,
      uri: a.builtin ? `/workflow/apply?code=${a.code}` : `${systemUrl.get(a.system!)}${a.path ?? '/'}`,
      tags: a.tags.join(','),
      tags_en: a.tags.map((t) => categories[t] ?? t).join(','),
      icon: a.icon,
      department: dept.name,
      department_en: dept.name_en,
      abbreviation: a.abbr,
      description: a.desc,
      description_en: a.desc_en,
      recommend: a.recommend ?? 0,
      palette: a.palette,
      rating_sum: a.ratings?.[0] ?? 0,
      rated: a.ratings?.[1] ?? 0,
      completed: a.completed,
      system_id: a.builtin ? null : a.system!,
      definition_code: a.builtin ? a.code : null,
      first_letter: keys.firstLetter,
      initials: keys.initials,
      pinyin: keys.pinyin,
      // Spread creation times so "newest" orderings are stable and meaningful.
      enabled: 1,
      created_at: now - (demoApps.length - i) * 86_400,
    };
  });
  await db
    .insertInto('apps')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();

  const admins = [
    ...demoApps.map((a) => ({ app_id: appId(a.code), user_id: userId('admin') })),
    ...Object.entries(appAdmins).flatMap(([account, codes]) =>
      codes.map((code) => ({ app_id: appId(code), user_id: userId(account) })),
    ),
  ];
  await db
    .insertInto('app_admins')
    .values(admins)
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db
    .insertInto('enterprise_images')
    .values(
      ENTERPRISE_IMAGE_KINDS.flatMap((kind) => [
        { enterprise_id: ENTERPRISE_ID, kind, url: `/static/demo/${kind}.svg` },
        // The English UI shows the same pictures with English text.
        { enterprise_id: ENTERPRISE_ID, kind: `${kind}@en`, url: `/static/demo/${kind}.en.svg` },
      ]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
