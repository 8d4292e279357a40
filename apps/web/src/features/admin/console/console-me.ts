import { createContext, useContext } from 'react';

import type { AdminMe } from '@service-hall/contracts';

/** The caller's role and apps, for pages that show or hide system-only controls. */
export const ConsoleMeContext = createContext<AdminMe>({ systemAdmin: false, apps: [] });
export const useConsoleMe = () => useContext(ConsoleMeContext);
