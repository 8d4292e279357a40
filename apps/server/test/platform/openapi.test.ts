import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as allContracts from '@service-hall/contracts';
import { ECODES, type RouteContract } from '@service-hall/contracts';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The CLI's entry point, run with this Node (offline: telemetry and the update check are off).
const redocly = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the workflow and task-centre endpoints an integrator needs, with the bearer scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, unknown>>;
      components: { securitySchemes: object };
    };
    for (const path of [
      '/api/me/tasks/todo',
      '/api/process/{id}',
      '/api/task/{id}',
      '/api/me/processes/done',
      '/manage/searchGuide',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(doc.paths['/api/task/{id}']).toHaveProperty('post');
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
  });

  it('serves the browsable documentation at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('API explorer in a production start', () => {
  const started: TestApp[] = [];
  afterAll(async () => {
    for (const t of started) await t.close();
  });
  const app = async (env: Record<string, string>) => {
    const t = await createTestApp({ seed: false, env });
    started.push(t);
    return t;
  };

  it('is not served by default with NODE_ENV=production: /docs and /docs/json answer 404', async () => {
    const t = await app({ NODE_ENV: 'production' });
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().ecode, url).toBe('NOT_FOUND');
    }
    // The API itself is there.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('is served in production with API_DOCS=on, and not outside it with API_DOCS=off', async () => {
    const on = await app({ NODE_ENV: 'production', API_DOCS: 'on' });
    expect((await on.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(200);
    expect((await on.app.inject({ method: 'GET', url: '/docs/json' })).json()).toHaveProperty('paths');
    const off = await app({ API_DOCS: 'off' });
    expect((await off.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
  });
});

type Operation = {
  operationId?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
};

describe('OpenAPI document from the route contracts', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  const contracts = (Object.values(allContracts) as unknown[]).filter(
    (c): c is RouteContract => typeof c === 'object' && c !== null && 'operationId' in c && 'reply' in c,
  );
  const operation = (c: RouteContract) => doc.paths[c.path.replace(/:(\w+)/g, '{$1}')]?.[c.method.toLowerCase()];

  it('is OpenAPI 3.1 with one operation per contract, and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ids = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops).map((o) => o.operationId))
      .sort();
    expect(ids).toEqual(contracts.map((c) => c.operationId).sort());
  });

  it('gives every operation its parameters, body, success schema and error envelopes', () => {
    for (const c of contracts) {
      const op = operation(c)!;
      expect(op, c.operationId).toBeDefined();
      expect(op.responses['200']?.content?.['application/json']?.schema, c.operationId).toBeDefined();
      for (const name of Object.keys(c.query?.shape ?? {})) {
        expect(
          op.parameters?.some((p) => p.name === name && p.in === 'query'),
          `${c.operationId} ?${name}`,
        ).toBe(true);
      }
      for (const name of Object.keys(c.params?.shape ?? {})) {
        expect(
          op.parameters?.some((p) => p.name === name && p.in === 'path'),
          `${c.operationId} :${name}`,
        ).toBe(true);
      }
      if (c.body) expect(op.requestBody, c.operationId).toBeDefined();
      if (!c.public) expect(op.responses['401'], c.operationId).toBeDefined();
      for (const ecode of c.errors ?? [])
        expect(Object.keys(op.responses), `${c.operationId} ${ecode}`).toContain(String(ECODES[ecode]));
      expect(op.security, c.operationId).toEqual(c.public ? [] : undefined);
    }
  });

  it('passes redocly lint with no errors', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const result = spawnSync(process.execPath, [redocly, 'lint', file, '--format', 'summary'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    rmSync(dir, { recursive: true, force: true });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(0);
    expect(output).not.toMatch(/\d+ errors?\b(?<!0 errors)/);
  }, 90_000);
});
