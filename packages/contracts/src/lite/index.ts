/** The browser's side of the route contracts, without zod: descriptors, the reply unwrapper and the call types. */
export * from './route-lite.ts';
export * from './routes.ts';
