import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** The server's logger is pino's (platform/logger.ts), which can say whether a level is on. */
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type ChildFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * A request's logger that makes its pino child (with the request id bound) only when a line is actually written.
 * Fastify makes a child logger for every request; at the `warn` level production runs, almost no request writes a
 * line, so the child was pure cost on every hot read. Lines that are written are exactly the
 * lines the child would have written: same bindings, same level checks, same serializers.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | null = null;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }
  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return ((this.made ?? this.parent) as PinoLike).isLevelEnabled(level);
  }
  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {
    /* pino's silent level writes nothing */
  }
  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: lazy children for routes that inherit the server's level and serializers (every
 * route today); a route with its own log level or serializers (the health probes) gets pino's child as before.
 */
export const lazyChildLoggerFactory: ChildFactory = function (logger, bindings, options) {
  if (options.level || options.serializers) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings as Record<string, unknown>) as unknown as FastifyBaseLogger;
};
