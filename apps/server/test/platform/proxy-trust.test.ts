import fs from 'node:fs';
import { Writable } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';

import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { judgeProxyTrust } from '../../src/platform/proxy-trust-watch.ts';

const repo = new URL('../../../../', import.meta.url);

/** Compose's `${VAR:-default}` as compose fills it with VAR unset; a required `${VAR:?…}` gets a valid stand-in. */
const composeDefaults = (value: string) =>
  value.replace(/\$\{\w+:-([^}]*)\}/g, '$1').replace(/\$\{\w+:\?[^}]*\}/g, 'x'.repeat(12));

/** The server with its log captured and a short watch window; the requests are injected from `from`. */
async function requestsFrom(from: string, env: Record<string, string>) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const handle = await openDatabase('sqlite::memory:');
  await migrateToLatest(handle.db);
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'info', SEED: 'none', ...env });
  const built = await buildApp(config, { database: handle, logStream, proxyTrustWindowMs: 50 });
  for (let i = 0; i < 25; i++) {
    const res = await built.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: from,
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });
    expect(res.statusCode).toBe(200);
  }
  const warnings = () =>
    lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => typeof l.msg === 'string' && l.msg.includes('TRUST_PROXY does not trust'));
  return {
    warnings,
    async close() {
      await built.close();
      await handle.close();
    },
  };
}

describe('a reverse proxy TRUST_PROXY does not name', () => {
  it('is named in one warning when most of the first requests come from it', async () => {
    const server = await requestsFrom('172.30.80.10', {});
    try {
      await vi.waitFor(() => expect(server.warnings()).toHaveLength(1), { timeout: 5000, interval: 20 });
      expect(server.warnings()[0]).toMatchObject({
        address: '172.30.80.10',
        requests: 25,
        of: 25,
        withForwardedFor: 25,
      });
    } finally {
      await server.close();
    }
  });

  it('is not suspected when TRUST_PROXY names it, nor when the traffic is spread or public', () => {
    const counts = (entries: Array<[string, number]>) =>
      new Map(entries.map(([a, n]) => [a, { requests: n, forwarded: n }] as const));
    const nobody = () => false;
    expect(judgeProxyTrust(counts([['10.0.0.5', 30]]), 30, 20, nobody)).toMatchObject({ address: '10.0.0.5' });
    expect(judgeProxyTrust(counts([['10.0.0.5', 30]]), 30, 20, proxyAddr.compile(['10.0.0.0/24']))).toBeNull();
    expect(
      judgeProxyTrust(
        counts([
          ['10.0.0.5', 10],
          ['10.0.0.6', 10],
          ['10.0.0.7', 10],
        ]),
        30,
        20,
        nobody,
      ),
    ).toBeNull();
    expect(judgeProxyTrust(counts([['203.0.113.9', 30]]), 30, 20, nobody)).toBeNull();
    expect(judgeProxyTrust(counts([['10.0.0.5', 10]]), 10, 20, nobody)).toBeNull();
  });
});

describe('the shipped deployment files', () => {
  it('let the compose instances believe exactly their nginx, which forwards the client address', () => {
    const compose = readCompose();
    const proxyAddress = Object.values(compose.services.proxy!.networks ?? {})[0]?.ipv4_address;
    expect(proxyAddress).toBeDefined();
    for (const name of ['hall1', 'hall2']) {
      // The secrets are files in the container; stand-ins here.
      const env = Object.fromEntries(
        Object.entries(compose.services[name]!.environment ?? {})
          .filter(([k]) => !k.endsWith('_FILE'))
          .map(([k, v]) => [k, composeDefaults(String(v))]),
      );
      expect(compose.services[name]!.environment).toHaveProperty('ADMIN_PASSWORD_FILE');
      env.ADMIN_PASSWORD = 'a stand-in password';
      const config = loadConfig(env);
      expect(config.trustProxy).not.toBe(false);
      const trusted = proxyAddr.compile(config.trustProxy as string[]);
      expect(trusted(proxyAddress!, 0)).toBe(true);
      // Nobody else on the network: another container could otherwise claim any address.
      expect(trusted('172.30.80.11', 0)).toBe(false);
    }
    expect(fs.readFileSync(new URL('deploy/nginx.conf', repo), 'utf8')).toMatch(
      /proxy_set_header X-Forwarded-For\s+\$remote_addr;/,
    );
  });

  it('harden every compose service: read-only, no capabilities beyond the few named, no default password', () => {
    const compose = readCompose();
    const text = fs.readFileSync(new URL('deploy/compose.yaml', repo), 'utf8');
    // No `${POSTGRES_PASSWORD:-hall}` or any other default for a secret: secrets are files.
    expect(text).not.toMatch(/PASSWORD[^\n]*:-/);
    for (const [name, service] of Object.entries(compose.services)) {
      expect([name, service.read_only, service.cap_drop]).toEqual([name, true, ['ALL']]);
      expect(service.security_opt).toContain('no-new-privileges:true');
      // Pinned at least to a minor version: `postgres:17` would move to a new minor release on any pull.
      expect(service.image).toMatch(/:\d+\.\d+|@sha256:/);
      expect(
        Object.keys(service.environment ?? {}).filter((k) => /PASSWORD$|_URL$/.test(k) && k !== 'PUBLIC_URL'),
      ).toEqual(name.startsWith('hall') ? ['REDIS_URL'] : []);
      // A published port listens on loopback unless HALL_BIND says otherwise.
      for (const port of service.ports ?? []) expect(port).toMatch(/^\$\{HALL_BIND:-127\.0\.0\.1\}:/);
    }
  });
});

interface ComposeService {
  image?: string;
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  networks?: Record<string, { ipv4_address?: string }>;
}

/** deploy/compose.yaml as compose reads it: `<<` merges the shared blocks (YAML 1.1 merge keys). */
function readCompose(): { services: Record<string, ComposeService> } {
  return parse(fs.readFileSync(new URL('deploy/compose.yaml', repo), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
}
