import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../../src/config.ts';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
};

describe('configuration of metrics, external IdPs and CAS', () => {
  it('keeps metrics off by default and refuses a guessable token', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, port: null, host: '0.0.0.0' });
    expect(refusal({ METRICS_TOKEN: 'short' })).toMatch(
      /^Invalid configuration: METRICS_TOKEN=\(hidden\) — must be at least 16/,
    );
    expect(refusal({ METRICS_TOKEN: 'has a space in it, sixteen+' })).toMatch(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '10.0.0.11' }).metrics).toEqual({
      token: null,
      port: 9464,
      host: '10.0.0.11',
    });
  });

  it('reads audiences, claims and CAS attribute names', () => {
    const c = loadConfig({
      OIDC_ISSUER: 'https://login.example.com/t/v2.0',
      OIDC_AUDIENCE: 'api://hall,0000-client',
      OIDC_ROLES_CLAIM: 'realm_access.roles',
    });
    expect(c.oidcClaims).toEqual({
      username: 'preferred_username',
      roles: 'realm_access.roles',
      department: 'department',
      audiences: ['api://hall', '0000-client'],
    });
    expect(loadConfig({}).oidcClaims.audiences).toEqual(['http://localhost:8080/api']);
    expect(refusal({ OIDC_AUDIENCE: 'a,,b' })).toMatch(/OIDC_AUDIENCE/);
    const cas = loadConfig({
      CAS_URL: 'https://cas.uni.edu.cn/cas/',
      CAS_ATTRIBUTES: 'name=xm|cn,department=yxmc',
    }).cas!;
    expect(cas.url).toBe('https://cas.uni.edu.cn/cas');
    expect(cas.attributes).toEqual({ name: ['xm', 'cn'], email: ['mail', 'email'], department: ['yxmc'] });
    expect(refusal({ CAS_ATTRIBUTES: 'phone=tel' })).toMatch(/CAS_ATTRIBUTES/);
  });

  it('refuses CAS together with an external issuer, which switches the embedded IdP off', () => {
    expect(refusal({ CAS_URL: 'https://cas.uni.edu.cn/cas', OIDC_ISSUER: 'https://idp.uni.edu.cn' })).toMatch(
      /CAS_URL=.* works only with the embedded IdP; unset OIDC_ISSUER/,
    );
  });
});
