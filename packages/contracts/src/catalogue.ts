import { z } from 'zod';

import { MAX_KEYWORD_LENGTH, MAX_PAGE_SIZE } from './queries.ts';

/** Kinds of enterprise image (docs/product.md §3), keys of EnterpriseImages. */
export const ENTERPRISE_IMAGE_KINDS = [
  'logo',
  'banner-index',
  'banner-personal',
  'banner-swiper1',
  'banner-swiper2',
  'banner-swiper3',
] as const;

const text = z.string().trim().max(MAX_KEYWORD_LENGTH).optional();
const idList = z.array(z.string().min(1).max(64)).max(100).optional();

/** Arguments of the guide bus query `guide(...)` (docs/product.md §7). Text filters are case-insensitive contains. */
export const guideArgsSchema = z.strictObject({
  first: z.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  id: z.string().min(1).max(64).optional(),
  title: text,
  stepTitle: text,
  context: text,
  keyword: text,
  isRealease: z.boolean().optional(),
  state: z.number().int().min(0).max(9).optional(),
  appId: idList,
  appTag: text,
  appName: text,
  appCode: idList,
});
export type GuideArgs = z.infer<typeof guideArgsSchema>;
