#!/usr/bin/env node
// `npm run migrate [-- --status]` from a clone: builds the server when its sources changed, then runs the compiled
// migration command (apps/server/src/migrate-cli.ts) in this process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { buildIfNeeded, root } from './build-if-needed.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();
buildIfNeeded(['server']);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps', 'server', 'dist', 'migrate.js')).href);
