import fp from 'fastify-plugin';
import { type AppMetrics, createAppMetrics, METRICS_OFF } from '../lib/metrics/app-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (ADR 0035); METRICS_OFF, which records nothing, without METRICS_TOKEN. */
    metrics: AppMetrics | typeof METRICS_OFF;
  }
}

/**
 * With METRICS_TOKEN set, every route gets an onResponse hook of its own that adds the answer's time
 * to series made here, once (ADR 0035); without it there is no hook at all, so metrics cost nothing
 * where nobody scrapes them. Registered before every route, so each one's registration is seen.
 */
export const metricsPlugin = fp(
  async (app) => {
    if (!app.config.metricsToken) {
      app.decorate('metrics', METRICS_OFF);
      return;
    }
    const metrics = createAppMetrics({ handle: app.dbHandle, caches: () => app.reads.cacheStats() });
    app.decorate('metrics', metrics);
    app.addHook('onRoute', (route) => {
      const hook = metrics.responseHook(route.method, route.url);
      const hooks = route.onResponse;
      route.onResponse = hooks === undefined ? [hook] : [...(Array.isArray(hooks) ? hooks : [hooks]), hook];
    });
    app.addHook('onClose', async () => metrics.close());
  },
  { name: 'metrics', dependencies: ['db', 'read-cache'] },
);
