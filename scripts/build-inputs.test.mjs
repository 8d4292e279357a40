import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { isBuildCurrent, partInputs, recordBuild } from './build-inputs.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** A small tree laid out like the repository: a web app that imports the engine workspace package. */
function makeTree(root) {
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('package.json', JSON.stringify({ workspaces: ['packages/engine', 'apps/web'] }));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('packages/engine/package.json', JSON.stringify({ name: '@service-hall/engine' }));
  write('packages/engine/src/next-step.ts', 'export const next = 1;\n');
  write(
    'apps/web/package.json',
    JSON.stringify({ name: '@service-hall/web', dependencies: { '@service-hall/engine': '*' } }),
  );
  write('apps/web/src/main.tsx', 'import { next } from "@service-hall/engine";\n');
  write('apps/web/src/main.test.tsx', 'test\n');
  fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
}

/** Rewrites a file and puts its modification time back, so only its content tells the change. */
function rewriteKeepingTime(file, text) {
  const { atime, mtime } = fs.statSync(file);
  fs.writeFileSync(file, text);
  fs.utimesSync(file, atime, mtime);
}

describe('a build is current when it was made from the same content', () => {
  let root;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
    makeTree(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('needs a first build, and none after it', () => {
    expect(isBuildCurrent(root, 'web')).toBe(false);
    recordBuild(root, 'web');
    expect(isBuildCurrent(root, 'web')).toBe(true);
  });

  it('rebuilds the web app after a change in the engine it imports, whatever the file times say', () => {
    recordBuild(root, 'web');
    const engineFile = path.join(root, 'packages/engine/src/next-step.ts');
    rewriteKeepingTime(engineFile, 'export const next = 2;\n');
    expect(isBuildCurrent(root, 'web')).toBe(false);
    rewriteKeepingTime(engineFile, 'export const next = 1;\n');
    expect(isBuildCurrent(root, 'web')).toBe(true);
  });

  it('rebuilds after a lockfile change, not after a touched file or a changed test', () => {
    recordBuild(root, 'web');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    fs.writeFileSync(path.join(root, 'apps/web/src/main.test.tsx'), 'another test\n');
    expect(isBuildCurrent(root, 'web')).toBe(true);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect(isBuildCurrent(root, 'web')).toBe(false);
  });

  it('never rebuilds a release bundle, which has no sources', () => {
    fs.rmSync(path.join(root, 'apps/web/src'), { recursive: true });
    expect(isBuildCurrent(root, 'web')).toBe(true);
  });
});

describe("the repository's parts", () => {
  it('read every workspace package they import', () => {
    for (const part of ['web', 'server']) {
      expect(partInputs(repoRoot, part)).toEqual(
        expect.arrayContaining(['packages/contracts/src', 'packages/engine/src', 'package-lock.json']),
      );
    }
  });
});
