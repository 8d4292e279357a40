// autocannon ships no types; this covers the part of its programmatic API the load client uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    requests?: Array<
      RawRequest & {
        setupRequest?: (req: RawRequest, context: object) => RawRequest;
        /** Called with each answer (autocannon buffers the body when this is set). */
        onResponse?: (status: number, body: string, context: object, headers: Record<string, string>) => void;
      }
    >;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
