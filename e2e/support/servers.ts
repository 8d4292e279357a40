/**
 * The server instances the end-to-end run starts: one per sign-in flavour, one in public mode, and one whose
 * config.json names its own GraphQL task API (TASK_API), so the portal reads to-do/doing/done through it.
 * E2E_PORT_BASE (default 8181) moves all of them, so two runs on one machine do not collide.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 8181);

function server<N extends string>(name: N, offset: number, env: Record<string, string>) {
  const port = base + offset;
  return { name, port, url: `http://localhost:${port}`, env } as const;
}

export const servers = {
  code: server('code', 0, { OIDC_RESPONSE_TYPE: 'code' }),
  implicit: server('implicit', 1, { OIDC_RESPONSE_TYPE: 'id_token token' }),
  public: server('public', 2, { PUBLIC_MODE: 'true' }),
  taskapi: server('taskapi', 3, { TASK_API: '/graphql' }),
} as const;
