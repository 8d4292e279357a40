/** The server instances the end-to-end run starts: one per sign-in flavour, and one in public mode. */
export const servers = {
  code: { name: 'code', port: 8181, url: 'http://localhost:8181', env: { OIDC_RESPONSE_TYPE: 'code' } },
  implicit: {
    name: 'implicit', port: 8182, url: 'http://localhost:8182', env: { OIDC_RESPONSE_TYPE: 'id_token token' },
  },
  public: { name: 'public', port: 8183, url: 'http://localhost:8183', env: { PUBLIC_MODE: 'true' } },
} as const;
