#!/usr/bin/env node
// `npm start`, the newcomer's demo: builds the SPA and the server when their sources changed, then runs the compiled
// server in this very process, so signals sent to `npm start` reach it (the npm script execs node; no child process
// to orphan). Unlike a production start it seeds the demo university unless SEED says otherwise, and serves the
// API explorer at /docs unless API_DOCS=off. Other environment variables pass through (README "Configuration").
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { buildIfNeeded, root } from './build-if-needed.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();
buildIfNeeded(['web', 'server']);
process.env.NODE_ENV ??= 'production';
process.env.SEED ??= 'demo';
// The demo shows its API explorer at /docs; a production start does not unless API_DOCS=on.
process.env.API_DOCS ??= 'on';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps', 'server', 'dist', 'main.js')).href);
