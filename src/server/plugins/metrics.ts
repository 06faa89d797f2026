import fp from 'fastify-plugin';
import { type AppMetrics, createAppMetrics, METRICS_OFF } from '../lib/metrics/app-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Prometheus metrics of this instance (docs/performance.md, Metrics); METRICS_OFF, which records nothing,
     * without METRICS_TOKEN.
     */
    metrics: AppMetrics | typeof METRICS_OFF;
  }
}

/**
 * With METRICS_TOKEN set, every route gets hooks of its own that add each answer's time to series made here,
 * once (docs/performance.md, Metrics); without it there is no hook at all, so metrics cost nothing where nobody
 * scrapes them. Registered before every route, so each one's registration is seen.
 */
export const metricsPlugin = fp(
  async (app) => {
    if (!app.config.metricsToken) {
      app.decorate('metrics', METRICS_OFF);
      return;
    }
    const metrics = createAppMetrics({ handle: app.dbHandle, caches: () => app.reads.cacheStats() });
    app.decorate('metrics', metrics);
    app.decorateRequest('metricsStartedAt', 0);
    app.addHook('onRoute', (route) => {
      const hooks = metrics.timingHooks(route.method, route.url);
      // The clock starts before the route's own onRequest hooks; the time is taken after its other onSend hooks.
      route.onRequest = [hooks.onRequest, ...asList(route.onRequest)] as typeof route.onRequest;
      route.onSend = [...asList(route.onSend), hooks.onSend] as typeof route.onSend;
    });
    app.addHook('onClose', async () => metrics.close());
  },
  { name: 'metrics', dependencies: ['db', 'read-cache'] },
);

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
