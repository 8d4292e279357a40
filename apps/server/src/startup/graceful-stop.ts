import type { BuiltApp } from '../app.ts';

/** Longest a stop may take before the process exits anyway: within the 10 s container runtimes and units allow. */
export const STOP_DEADLINE_MS = 8_000;

/**
 * SIGTERM and SIGINT stop the instance gracefully: stop accepting connections, answer the requests in flight, end
 * the push streams (browsers reconnect to another instance), then close Redis and the database. Should anything
 * hang, the process exits after STOP_DEADLINE_MS all the same.
 */
export function stopOnSignals(built: BuiltApp): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // Ctrl-C under `npm start` reaches the server twice (from the terminal and forwarded by npm): one stop is enough.
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    built.app.log.info({ signal }, 'shutting down: answering requests in flight, closing push streams');
    const deadline = setTimeout(() => {
      built.app.log.error({ signal }, `shutdown took longer than ${STOP_DEADLINE_MS} ms; exiting anyway`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    built.close().then(
      () => {
        built.app.log.info({ ms: Date.now() - started }, 'stopped');
        process.exit(0);
      },
      (err: unknown) => {
        built.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
