import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';

import { adminChoicesRoute } from '@service-hall/contracts/lite';

import { call } from '../../../lib/http/call.ts';

/** What the console's pickers offer (GET /api/admin/choices): roles, departments, systems; any administrator may read it. */
export const choicesKey = ['admin', 'choices'] as const;

export const useChoices = () =>
  useQuery({
    queryKey: choicesKey,
    queryFn: () => call(adminChoicesRoute),
    staleTime: 30_000,
  });

/** A name in the UI language: the English one when the UI is English and it has one, else the Chinese. */
export const localName = (c: { name: string; nameEn: string }) =>
  i18next.language === 'en' && c.nameEn ? c.nameEn : c.name;

/** The name of an app (or of anything with `name`/`name_en`: a guide's title) in the UI language, else the Chinese. */
export const appName = (a: { name: string; name_en?: string | null | undefined }) =>
  i18next.language === 'en' && a.name_en ? a.name_en : a.name;
