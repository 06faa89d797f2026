/** Upper bounds in seconds: the warm reads answer in well under a millisecond, a slow write in seconds. */
export const LATENCY_BUCKETS: readonly number[] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

type Labels = { method: string; route: string; status_code: string };

/** One line of a scrape as prom-client's registry formats it. */
type ScrapedValue = { metricName: string; labels: Record<string, string | number>; value: number };

/** One method, route and status: counts per bucket (not cumulative), their sum and count. */
class Series {
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length);
  sum = 0;
  count = 0;
  constructor(readonly labels: Labels) {}
}

/**
 * The answers of one route and method, by status: made once, when the route is registered, so a
 * request's observation is a map lookup by status and a few additions: no label object, no hashing.
 */
export class RouteLatency {
  readonly #byStatus = new Map<number, Series>();

  constructor(
    private readonly method: string,
    private readonly route: string,
    private readonly onNewSeries: (series: Series) => void,
  ) {}

  observe(statusCode: number, milliseconds: number) {
    let series = this.#byStatus.get(statusCode);
    if (!series) {
      series = new Series({ method: this.method, route: this.route, status_code: String(statusCode) });
      this.#byStatus.set(statusCode, series);
      this.onNewSeries(series);
    }
    const seconds = milliseconds / 1000;
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] as number)) bucket++;
    if (bucket < LATENCY_BUCKETS.length) series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
  }
}

/**
 * `http_request_duration_seconds` as prom-client's Histogram reports it (its `_count` is the request
 * rate, its status_code label the answers), kept in plain numbers by RouteLatency and put in
 * prom-client's shape only when scraped: prom-client's own `observe` builds and hashes a label object
 * on every call, on every request. The registry formats it like any of its own metrics.
 */
export class RouteLatencyHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request to its answer, by method, route pattern (never the address itself) and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series: Series[] = [];
  readonly #routes = new Map<string, RouteLatency>();

  /** The one RouteLatency of a method and route pattern. */
  route(method: string, route: string): RouteLatency {
    const key = `${method} ${route}`;
    let latency = this.#routes.get(key);
    if (!latency) {
      latency = new RouteLatency(method, route, (series) => this.#series.push(series));
      this.#routes.set(key, latency);
    }
    return latency;
  }

  async get() {
    const values: ScrapedValue[] = [];
    for (const series of this.#series) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, index) => {
        cumulative += series.buckets[index] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count });
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
