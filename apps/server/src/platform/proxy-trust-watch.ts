import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ProxyTrustWatchOptions {
  /** TRUST_PROXY as the config holds it: false trusts nobody. */
  trustProxy: false | string[];
  /** How long after the first request the watch counts (a minute in production). */
  windowMs: number;
  /** Fewer requests than this in the window say nothing about a proxy. */
  minRequests: number;
}

const isPrivate = proxyAddr.compile(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Counts where the requests of the first minute come from and warns once when most of them come from one private
 * address that TRUST_PROXY does not trust. That address is almost certainly a reverse proxy the operator forgot to
 * name: every member then shares its address, so one person's wrong passwords lock everybody's password sign-in
 * and the per-address limits count the whole campus as one client. The watch only logs; it never changes whom
 * the server trusts.
 */
export function watchProxyTrust(app: FastifyInstance, options: ProxyTrustWatchOptions): void {
  const trusted = options.trustProxy ? proxyAddr.compile(options.trustProxy) : () => false;
  const counts = new Map<string, { requests: number; forwarded: number }>();
  let total = 0;
  let watching = true;
  let timer: NodeJS.Timeout | null = null;

  const finish = (log: FastifyBaseLogger) => {
    watching = false;
    const verdict = judgeProxyTrust(counts, total, options.minRequests, trusted);
    counts.clear();
    if (verdict) {
      log.warn(
        { address: verdict.address, requests: verdict.requests, of: total, withForwardedFor: verdict.forwarded },
        `most requests come from ${verdict.address}, which TRUST_PROXY does not trust: if it is a reverse proxy, ` +
          'name it in TRUST_PROXY, or every user shares its address (sign-in throttle, rate limits, logs)',
      );
    }
  };

  app.addHook('onRequest', (request, _reply, done) => {
    if (watching) {
      const address = request.socket.remoteAddress;
      if (address) {
        const c = counts.get(address) ?? { requests: 0, forwarded: 0 };
        c.requests++;
        if (request.headers['x-forwarded-for'] !== undefined) c.forwarded++;
        counts.set(address, c);
        total++;
      }
      if (!timer) {
        timer = setTimeout(() => finish(app.log), options.windowMs);
        timer.unref();
      }
    }
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}

/** The untrusted private address behind more than half of at least `minRequests` requests, if there is one. */
export function judgeProxyTrust(
  counts: ReadonlyMap<string, { requests: number; forwarded: number }>,
  total: number,
  minRequests: number,
  trusted: (address: string, hop: number) => boolean,
): { address: string; requests: number; forwarded: number } | null {
  if (total < minRequests) return null;
  for (const [address, c] of counts) {
    if (c.requests * 2 > total && isPrivate(address, 0) && !trusted(address, 0)) return { address, ...c };
  }
  return null;
}
