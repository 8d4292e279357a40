/** Every route contract of the API, by module. */
export * from './route.ts';
export * from './processes.ts';
export * from './tasks.ts';
export * from './delegations.ts';
export * from './directory.ts';
export * from './catalogue.ts';
export * from './platform.ts';
export * from './admin-definitions.ts';
export * from './integration.ts';
export * from './powers.ts';
export * from './admin-people.ts';
export * from './admin-processes.ts';
export * from './admin-console.ts';
export * from './integration-admin.ts';
