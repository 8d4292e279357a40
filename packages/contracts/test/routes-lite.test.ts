import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { LITE_FILE, renderRoutesLite, routeContracts } from '../scripts/routes-lite.ts';
import * as lite from '../src/lite/index.ts';

// The web app calls the API through zod-free descriptors (src/lite); these tests keep them equal to the contracts.
describe("the browser's route descriptors", () => {
  const contracts = routeContracts();
  const descriptors = Object.entries(lite).filter(([name]) => name.endsWith('Route'));

  it('cover every route contract and nothing else', () => {
    expect(contracts.length).toBeGreaterThan(100);
    expect(descriptors.map(([name]) => name).sort()).toEqual(contracts.map(([name]) => name));
  });

  it('call every route as its contract says: method, path, encoding, reply kind and key', () => {
    for (const [name, c] of contracts) {
      const d = (lite as unknown as Record<string, lite.RouteLite>)[name];
      expect({ name, method: d.method, path: d.path, encoding: d.encoding ?? 'form', reply: d.reply }).toEqual({
        name,
        method: c.method,
        path: c.path,
        encoding: c.encoding ?? 'form',
        reply: c.reply.kind === 'data' ? { kind: 'data', key: c.reply.key } : { kind: c.reply.kind },
      });
    }
  });

  it('are the generated file as it is now (run scripts/routes-lite.ts after changing a route)', () => {
    expect(fs.readFileSync(LITE_FILE, 'utf8')).toBe(renderRoutesLite());
  });

  it('unwrap each reply kind as the server wraps it', () => {
    expect(lite.unwrapReply({ kind: 'list' }, { errno: 0, total: 2, entities: [1, 2] })).toEqual({
      total: 2,
      entities: [1, 2],
    });
    expect(lite.unwrapReply({ kind: 'one' }, { errno: 0, entities: [{ id: 'a' }] })).toEqual({ id: 'a' });
    expect(lite.unwrapReply({ kind: 'none' }, { errno: 0, entities: [] })).toBeUndefined();
    expect(lite.unwrapReply({ kind: 'data', key: 't' }, { code: 0, t: [3] })).toEqual([3]);
    expect(lite.unwrapReply({ kind: 'raw' }, { status: 'ok' })).toEqual({ status: 'ok' });
  });

  it('import no zod (the module graph of src/lite)', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = fs.readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)'/gm)) {
        expect(spec, `${file} imports ${spec}`).toMatch(/^\./);
        visit(new URL(spec, `file://${file}`).pathname);
      }
    };
    visit(new URL('../src/lite/index.ts', import.meta.url).pathname);
    expect([...seen].map((f) => f.replace(/^.*\/src\//, ''))).toEqual([
      'lite/index.ts',
      'lite/route-lite.ts',
      'lite/routes.ts',
    ]);
  });
});
