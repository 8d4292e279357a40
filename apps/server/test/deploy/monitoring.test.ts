import fs from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const MONITORING = path.resolve(import.meta.dirname, '../../../../deploy/monitoring');
const TOKEN = 'scrape-secret-0123456789';
/** Series Prometheus makes itself for every scrape target, not served at /metrics. */
const SCRAPE_SERIES = new Set(['up']);
/** Functions whose argument must be a counter (or a histogram's bucket, sum or count). */
const COUNTER_FUNCTIONS = new Set(['rate', 'irate', 'increase']);

interface Query {
  where: string;
  expr: string;
}

/** Every PromQL expression of the Grafana dashboard: panel targets and the template variables' queries. */
function dashboardQueries(): Query[] {
  const dashboard = JSON.parse(fs.readFileSync(path.join(MONITORING, 'grafana-dashboard.json'), 'utf8')) as {
    panels: Array<{ title: string; type: string; targets?: Array<{ expr: string }> }>;
    templating: { list: Array<{ name: string; type: string; query: unknown }> };
  };
  const queries: Query[] = [];
  for (const panel of dashboard.panels) {
    if (panel.type !== 'row') expect(panel.targets?.length, `panel ${panel.title} has queries`).toBeGreaterThan(0);
    for (const t of panel.targets ?? []) queries.push({ where: `panel "${panel.title}"`, expr: t.expr });
  }
  for (const v of dashboard.templating.list.filter((x) => x.type === 'query')) {
    const q = (v.query as { query: string }).query;
    // Grafana's label_values(selector, label): the selector is PromQL.
    const selector = /^label_values\((.+),\s*\w+\)$/.exec(q);
    expect(selector, `variable ${v.name}`).not.toBeNull();
    queries.push({ where: `variable ${v.name}`, expr: selector![1]! });
  }
  return queries;
}

/** Every alert rule's expression. */
function alertQueries(): Query[] {
  const file = parseYaml(fs.readFileSync(path.join(MONITORING, 'alerts.yaml'), 'utf8')) as {
    groups: Array<{ name: string; rules: Array<Record<string, unknown>> }>;
  };
  const queries: Query[] = [];
  const names = new Set<string>();
  for (const group of file.groups) {
    expect(group.rules.length, group.name).toBeGreaterThan(0);
    for (const rule of group.rules) {
      // The rule file's own shape, as promtool checks it: an alert, its expression, a severity and a summary.
      expect(Object.keys(rule).every((k) => ['alert', 'expr', 'for', 'labels', 'annotations'].includes(k))).toBe(true);
      expect(rule.alert).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
      expect(names.has(rule.alert as string), `${String(rule.alert)} named once`).toBe(false);
      names.add(rule.alert as string);
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smhd]$/);
      expect((rule.labels as Record<string, string>).severity).toMatch(/^(critical|warning|info)$/);
      expect((rule.annotations as Record<string, string>).summary).toBeTruthy();
      queries.push({ where: `alert ${String(rule.alert)}`, expr: String(rule.expr) });
    }
  }
  return queries;
}

/**
 * Parses `expr` with Prometheus' own grammar (the one its UI uses) and returns the metric names it selects, each
 * with whether it is read by rate/irate/increase. Grafana's `$__rate_interval` stands in for a duration.
 */
function metricsOf(q: Query): Array<{ name: string; counted: boolean }> {
  const expr = q.expr.replaceAll('$__rate_interval', '5m');
  const tree = parser.parse(expr);
  const errors: string[] = [];
  const found: Array<{ name: string; counted: boolean }> = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError) errors.push(`at ${node.from}: ${expr.slice(node.from, node.from + 30)}`);
      if (node.name !== 'Identifier' || node.node.parent?.name !== 'VectorSelector') return;
      let counted = false;
      for (let up = node.node.parent.parent; up; up = up.parent) {
        if (up.name !== 'FunctionCall') continue;
        const fn = up.getChild('FunctionIdentifier');
        counted = fn !== null && COUNTER_FUNCTIONS.has(expr.slice(fn.from, fn.to));
        break;
      }
      found.push({ name: expr.slice(node.from, node.to), counted });
    },
  });
  expect(errors, `${q.where}: ${q.expr}`).toEqual([]);
  expect(found.length, `${q.where} selects a metric`).toBeGreaterThan(0);
  return found;
}

/** Metric families served at /metrics with their type; a histogram's _bucket, _sum and _count are its series. */
function servedFamilies(exposition: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const m of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = m as unknown as [string, string, string];
    families.set(name, type);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) families.set(name + s, 'counter');
  }
  return families;
}

describe('the Grafana dashboard and the Prometheus alert rules', () => {
  let t: TestApp;
  let served: Map<string, string>;
  beforeAll(async () => {
    // A reserve configured so the disk gauges are served, as on a deployment with DATA_DIR or SQLite.
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, DISK_RESERVE_BYTES: '1MB' } });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    served = servedFamilies(res.body);
    // PostgreSQL's pool gauges are registered only on PostgreSQL; on the SQLite app the dashboard's pool panel
    // names them too, so they are taken from a PostgreSQL app's exposition below when one is configured.
  });
  afterAll(async () => {
    await t?.close();
  });

  const queries = () => [...dashboardQueries(), ...alertQueries()];

  it('parse as PromQL, and every metric they name is served at /metrics (counters read by rate/increase)', async () => {
    const pool = await poolFamilies();
    const missing: string[] = [];
    const notCounters: string[] = [];
    for (const q of queries()) {
      for (const m of metricsOf(q)) {
        if (SCRAPE_SERIES.has(m.name)) continue;
        const type = served.get(m.name) ?? pool.get(m.name);
        if (type === undefined) missing.push(`${m.name} (${q.where})`);
        else if (m.counted && type !== 'counter') notCounters.push(`${m.name} is a ${type} (${q.where})`);
      }
    }
    expect(missing).toEqual([]);
    expect(notCounters).toEqual([]);
  });

  it('cover the metrics operations asked for', () => {
    const named = new Set(queries().flatMap((q) => metricsOf(q).map((m) => m.name)));
    for (const name of [
      'http_request_duration_seconds_bucket',
      'servicehall_callbacks_total',
      'servicehall_signin_failures_total',
      'servicehall_notifications_total',
      'servicehall_db_pool_waiting',
      'servicehall_list_cache_total',
      'servicehall_sqlite_wal_bytes',
      'servicehall_push_streams',
      'servicehall_disk_free_bytes',
    ]) {
      expect(named, name).toContain(name);
    }
  });

  it('refuse a query that is not PromQL (the parser is not lenient)', () => {
    expect(() => metricsOf({ where: 'broken', expr: 'sum(rate(x[5m])' })).toThrow();
  });
});

/**
 * The PostgreSQL pool's gauges exist only on a PostgreSQL app: scraped from one when TEST_DATABASE_URL is set,
 * otherwise named from the plugin's source (the SQLite-only run cannot start the pool).
 */
async function poolFamilies(): Promise<Map<string, string>> {
  if (process.env.TEST_DATABASE_URL) {
    const pg = await createTestApp({ dialect: 'postgres', seed: false, env: { METRICS_TOKEN: TOKEN } });
    try {
      const res = await pg.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return servedFamilies(res.body);
    } finally {
      await pg.close();
    }
  }
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/platform/metrics-plugin.ts'), 'utf8');
  return new Map([...source.matchAll(/name: '(servicehall_db_pool_\w+)'/g)].map((m) => [m[1]!, 'gauge']));
}
