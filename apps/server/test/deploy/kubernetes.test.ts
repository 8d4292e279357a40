import fs from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

import { loadConfig } from '../../src/config.ts';

const KUBERNETES = path.resolve(import.meta.dirname, '../../../../deploy/kubernetes');

/** The kinds the manifests use, each with its generated validator of the Kubernetes OpenAPI schema. */
const MODELS: Record<string, { validate(): void; new (data: never): { validate(): void } }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
} as never;

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // Read field by field below; the schema validation has checked the shape.
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

function readManifests(file: string): Manifest[] {
  const docs = parseAllDocuments(fs.readFileSync(path.join(KUBERNETES, file), 'utf8'));
  return docs.map((d) => {
    expect(d.errors, file).toEqual([]);
    return d.toJS() as Manifest;
  });
}

/**
 * What `kubectl apply -k deploy/kubernetes` applies. The kustomization only lists resources (no patches,
 * generators or name prefixes), so rendering it is reading them; a field this does not implement fails here
 * rather than being silently ignored.
 */
function render(): Manifest[] {
  const k = readManifests('kustomization.yaml')[0]! as unknown as Record<string, unknown>;
  expect(Object.keys(k).sort()).toEqual(['apiVersion', 'kind', 'resources']);
  return (k.resources as string[]).flatMap(readManifests);
}

const rendered = render();
const byKind = (kind: string, name: string) => {
  const m = rendered.find((x) => x.kind === kind && x.metadata.name === name);
  expect(m, `${kind}/${name}`).toBeDefined();
  return m!;
};

describe('the Kubernetes manifests (deploy/kubernetes)', () => {
  it('validate against the Kubernetes schemas, every object and the example Secret, with unique names', () => {
    const all = [...rendered, ...readManifests('secret.example.yaml')];
    const seen = new Set<string>();
    for (const m of all) {
      const Model = MODELS[`${m.apiVersion}/${m.kind}`];
      expect(Model, `${m.apiVersion} ${m.kind} has a validator`).toBeDefined();
      expect(() => new Model!(m as never).validate(), `${m.kind}/${m.metadata.name}`).not.toThrow();
      const id = `${m.kind}/${m.metadata.name}`;
      expect(seen.has(id), id).toBe(false);
      seen.add(id);
    }
  });

  it('the validator is strict about types and required fields', () => {
    const d = structuredClone(byKind('Deployment', 'service-hall'));
    d.spec.replicas = 'two';
    expect(() => new Deployment(d as never).validate()).toThrow(/replicas/);
    delete d.spec.replicas;
    delete d.spec.selector;
    expect(() => new Deployment(d as never).validate()).toThrow(/selector/);
  });

  it('run two server replicas, probed, sized, unprivileged, with secrets from the Secret', () => {
    const d = byKind('Deployment', 'service-hall');
    expect(d.spec.replicas).toBe(2);
    expect(d.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    const pod = d.spec.template.spec;
    expect(d.spec.template.metadata.labels).toMatchObject(d.spec.selector.matchLabels);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    const [c] = pod.containers;
    expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.resources.limits.memory).toBeDefined();
    expect(c.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    // A read-only root with a writable /tmp.
    expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
    expect(pod.volumes).toContainEqual({ name: 'tmp', emptyDir: expect.any(Object) });
    // The stop: preStop's sleep plus the server's 8 s deadline fit in the grace period.
    expect(c.lifecycle.preStop.exec.command).toEqual(['sleep', '5']);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(5 + 8 + 2);
    // Secrets come from the Secret, never inline; the Secret's example has every key they read.
    const secretKeys = Object.keys(readManifests('secret.example.yaml')[0]!.stringData!);
    for (const e of c.env) {
      expect(e.value, e.name).toBeUndefined();
      expect(e.valueFrom.secretKeyRef.name).toBe('service-hall-secrets');
      expect(secretKeys).toContain(e.valueFrom.secretKeyRef.key);
    }
    expect(c.env.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'ADMIN_PASSWORD', 'METRICS_TOKEN']),
    );
    // The named ports the probes, the Service and the scrape annotation use exist.
    expect(c.ports).toEqual([
      { name: 'http', containerPort: 8080 },
      { name: 'metrics', containerPort: Number(byKind('ConfigMap', 'service-hall-config').data!.METRICS_PORT) },
    ]);
    expect(d.spec.template.metadata.annotations['prometheus.io/port']).toBe('9464');
  });

  it('the ConfigMap with the example Secret, its passwords chosen, is a production configuration the server accepts', () => {
    const config = byKind('ConfigMap', 'service-hall-config').data!;
    const example = readManifests('secret.example.yaml')[0]!.stringData!;
    // The image's environment (deploy/Dockerfile) under the ConfigMap and the Secret, as the container gets them.
    const environment = (secret: Record<string, string>) => ({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      ...config,
      ...secret,
    });
    // Applied unchanged, the example's placeholder password stops the server at start.
    expect(() => loadConfig(environment(example))).toThrow(/ADMIN_PASSWORD=\(hidden\).*placeholder/);
    const secret: Record<string, string> = { ...example, ADMIN_PASSWORD: 'a password the operator chose' };
    const loaded = loadConfig(environment(secret));
    expect(loaded.redisUrl).toBe('redis://service-hall-redis:6379');
    expect(loaded.metrics).toMatchObject({ port: 9464, host: '0.0.0.0', token: secret.METRICS_TOKEN });
    // Every Secret key the Deployment names is in the example, and nothing secret sits in the ConfigMap.
    expect(Object.keys(config).filter((k) => /PASSWORD|TOKEN|SECRET|DATABASE_URL/.test(k))).toEqual([]);
  });

  it('the migration Job runs the bundle migration command with the database URL from the Secret', () => {
    const job = byKind('Job', 'service-hall-migrate');
    const pod = job.spec.template.spec;
    const [c] = pod.containers;
    expect(pod.restartPolicy).toBe('Never');
    expect(c.command).toEqual(['node', '--enable-source-maps', 'apps/server/dist/migrate.js']);
    expect(c.image).toBe(byKind('Deployment', 'service-hall').spec.template.spec.containers[0].image);
    expect(c.env).toEqual([
      { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'service-hall-secrets', key: 'DATABASE_URL' } } },
    ]);
    expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
    // The command the release bundle's `npm run migrate` runs (scripts/package.mjs).
    const packageScript = fs.readFileSync(path.resolve(KUBERNETES, '../../scripts/package.mjs'), 'utf8');
    expect(packageScript).toContain("migrate: 'exec node --enable-source-maps apps/server/dist/migrate.js'");
  });

  it('the PodDisruptionBudget, the Service and the Ingress select the server pods', () => {
    const labels = byKind('Deployment', 'service-hall').spec.template.metadata.labels;
    const selects = (selector: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);
    const pdb = byKind('PodDisruptionBudget', 'service-hall');
    expect(pdb.spec.minAvailable).toBe(1);
    expect(selects(pdb.spec.selector.matchLabels)).toBe(true);
    const service = byKind('Service', 'service-hall');
    expect(selects(service.spec.selector)).toBe(true);
    expect(service.spec.ports.map((p: { targetPort: string }) => p.targetPort)).toEqual(['http']);
    const backend = byKind('Ingress', 'service-hall').spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({ name: 'service-hall', port: { name: 'http' } });
    // Redis's pods are not the server's: the budget and the Service leave them out.
    const redis = byKind('Deployment', 'service-hall-redis');
    expect(selects(redis.spec.template.metadata.labels)).toBe(false);
    expect(byKind('Service', 'service-hall-redis').spec.selector).toEqual(redis.spec.selector.matchLabels);
  });
});
