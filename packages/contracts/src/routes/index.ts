/** Every route contract of the API, by module. */
export * from './route.ts';
export * from './processes.ts';
export * from './tasks.ts';
export * from './delegations.ts';
export * from './directory.ts';
export * from './catalogue.ts';
export * from './platform.ts';
export * from './admin-console.ts';
export * from './admin-catalogue.ts';
export * from './admin-guides.ts';
export * from './admin-look.ts';
export * from './admin-audit.ts';
