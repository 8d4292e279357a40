import { createRequire } from 'node:module';

/**
 * graphql 16 ships CJS (main) and ESM (module) builds. Node hands graphql-yoga the CJS copy, while a bundler or the
 * test runner may give this file the ESM one, and graphql refuses to mix classes from the two ("another module or
 * realm"). Everything here takes graphql from the copy yoga uses (same trick as modules/guides/guide-bus-routes.ts).
 */
export const gql = createRequire(import.meta.url)('graphql') as typeof import('graphql');
