import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server). Found by walking up from this file to the package.json named
 * `@service-hall/server`, so it is right both from the TypeScript sources (src/platform/) and from the compiled
 * bundle (dist/main.js), whose folders sit at different depths.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@service-hall/server'
    ) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`apps/server/package.json not found above ${from}`);
  }
}

/** apps/server: static files (static/), the compiled bundle (dist/). */
export const serverRoot = findServerRoot(import.meta.dirname);

/** The repository (or release bundle) root: the root package.json, data/, apps/web/dist. */
export const repoRoot = path.resolve(serverRoot, '../..');
