import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ seed: false }); });
  afterAll(async () => { await t.close(); });

  it('lists the workflow and task-centre endpoints an integrator needs, with the bearer scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>>; components: { securitySchemes: object } };
    for (const path of ['/api/me/tasks/todo', '/api/process/{id}', '/api/task/{id}', '/api/me/processes/done', '/manage/searchGuide']) {
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
