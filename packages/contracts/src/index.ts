export * from './errors.ts';
export * from './envelope.ts';
export * from './entities.ts';
export * from './queries.ts';
export * from './scopes.ts';
export * from './config.ts';
export * from './workflow-extras.ts';
export * from './catalogue.ts';
