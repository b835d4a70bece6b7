// Prometheus metrics (prom-client), one registry per instance: requests by route and status with
// their latency, image analysis (tasks waiting, time per task), webhooks (backlog, attempts by
// outcome), finished verifications and checks, and Node's own (event-loop delay among them).
// GET /metrics serves them to a scraper holding METRICS_TOKEN; without the setting it is not there.
import { timingSafeEqual, createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { ApiError, notFound } from '../domain/errors.js'
import { operation } from '../routes/operation.js'

export interface Metrics {
  registry: Registry
  analysisTask(task: 'document' | 'faces' | 'presentation' | 'motion', seconds: number, outcome: 'ok' | 'error'): void
  webhookAttempt(outcome: string): void
  uploadsInFlight(n: number): void
  verificationFinished(status: 'completed' | 'failed', checks: Record<string, { passed?: unknown }>): void
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest()

export default fp(
  async function metricsPlugin(app, opts: { token: string | null }) {
    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    const requests = new Histogram({
      name: 'ivs_http_request_duration_seconds',
      help: 'Answered requests by route and status, and how long each took',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
    const tasks = new Histogram({
      name: 'ivs_analysis_task_duration_seconds',
      help: 'Image analysis tasks (in the worker threads) by kind and outcome, and how long each took',
      labelNames: ['task', 'outcome'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      registers: [registry],
    })
    new Gauge({
      name: 'ivs_analysis_tasks_pending',
      help: 'Image analysis tasks running, waiting for a thread, or reserved',
      registers: [registry],
      collect() {
        this.set(app.analysisPool.pending())
      },
    })
    new Gauge({
      name: 'ivs_webhook_deliveries_pending',
      help: 'Webhook attempts waiting to be sent (all instances: read from the database)',
      registers: [registry],
      async collect() {
        this.set(await app.webhooksRepository.countPending())
      },
    })
    const uploads = new Gauge({
      name: 'ivs_uploads_in_flight',
      help: 'Upload requests being received and analysed (UPLOADS_IN_FLIGHT bounds them)',
      registers: [registry],
    })
    const attempts = new Counter({
      name: 'ivs_webhook_attempts_total',
      help: 'Webhook attempts made by this instance, by outcome (delivered, or the error)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    })
    const verifications = new Counter({
      name: 'ivs_verifications_finished_total',
      help: 'Verifications this instance finished, by status',
      labelNames: ['status'] as const,
      registers: [registry],
    })
    const checks = new Counter({
      name: 'ivs_checks_finished_total',
      help: 'Checks of the verifications this instance finished, by check and whether it passed',
      labelNames: ['check', 'passed'] as const,
      registers: [registry],
    })

    app.decorate('metrics', {
      registry,
      analysisTask: (task, seconds, outcome) => tasks.observe({ task, outcome }, seconds),
      webhookAttempt: (outcome) => attempts.inc({ outcome }),
      uploadsInFlight: (n) => uploads.set(n),
      verificationFinished(status, results) {
        verifications.inc({ status })
        for (const [check, result] of Object.entries(results)) checks.inc({ check, passed: String(result.passed === true) })
      },
    } satisfies Metrics)

    // One child per method, route and status (a bounded set: routes come from the router), so that a
    // request does not pay for hashing its labels.
    const byLabels = new Map<string, ReturnType<typeof requests.labels>>()
    app.addHook('onResponse', function observeRequest(request, reply, done) {
      const route = request.routeOptions.url ?? 'unmatched'
      const key = `${request.method} ${route} ${reply.statusCode}`
      let child = byLabels.get(key)
      if (!child) byLabels.set(key, (child = requests.labels(request.method, route, String(reply.statusCode))))
      child.observe(reply.elapsedTime / 1000)
      done()
    })

    const expected = opts.token === null ? null : digest(`Bearer ${opts.token}`)
    app.route({
      ...operation('getMetrics'),
      handler: async function getMetrics(request, reply) {
        if (expected === null) throw notFound('metrics (set METRICS_TOKEN to serve them)')
        if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
          throw new ApiError('unauthorized', 'GET /metrics takes Authorization: Bearer <METRICS_TOKEN>')
        }
        return reply.type(registry.contentType).send(await registry.metrics())
      },
    })
  },
  { name: 'metrics' },
)
