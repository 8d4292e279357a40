import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can be taken down (refusing new connections and cutting every open one,
 * as a stopped server or a cut network does) and up again, and can hold back the replies of one connection
 * (holdNextReply). `url(base)` is `base` pointed at the proxy.
 */
export async function pgProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const clients = new Map<net.Socket, net.Socket>();
  let holdNext: ((release: () => void) => void) | null = null;
  let stalled: Array<() => void> | null = null;
  const server = net.createServer((client) => {
    if (stalled) stalled.push(() => forward(client));
    else forward(client);
  });
  const forward = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    clients.set(client, upstream);
    client.on('close', () => clients.delete(client));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    // Paused before the chunk is forwarded, so the reply to it (and whatever follows, the end of the stream
    // included) waits in the upstream socket until released, in order.
    client.on('data', () => {
      if (!holdNext) return;
      const held = holdNext;
      holdNext = null;
      upstream.unpipe(client);
      upstream.pause();
      held(() => void upstream.pipe(client));
    });
    client.pipe(upstream).pipe(client);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** `base` (a postgres:// URL) with its host and port replaced by the proxy's. */
    url(base: string): string {
      const via = new URL(base);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      return via.toString();
    },
    /**
     * Holds the replies on the connection that sends the next bytes; resolves with the function that lets them
     * through. The caller makes sure that connection is the one it means (one statement in flight).
     */
    holdNextReply(): Promise<() => void> {
      return new Promise((resolve) => {
        holdNext = resolve;
      });
    },
    /**
     * A database that does not answer: nothing sent on any connection reaches PostgreSQL, and new connections are
     * accepted but not forwarded, until resume().
     */
    stall() {
      stalled ??= [];
      for (const [client, upstream] of clients) {
        client.unpipe(upstream);
        client.pause();
      }
    },
    resume() {
      const waiting = stalled ?? [];
      stalled = null;
      for (const [client, upstream] of clients) client.pipe(upstream);
      for (const open of waiting) open();
    },
    /** Refuses new connections and cuts every open one. */
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    /** Accepts connections again, on the same port. */
    async up() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise((r) => server.close(r));
    },
  };
}

export type PgProxy = Awaited<ReturnType<typeof pgProxy>>;
