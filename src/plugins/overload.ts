// Sheds load while the event loop lags: past MAX_EVENT_LOOP_DELAY every request but the probes, the
// metrics and the dashboard's stylesheet is answered 503 overloaded (with Retry-After) in its onRequest hook,
// before its body is even read.
import underPressure from '@fastify/under-pressure'
import fp from 'fastify-plugin'
import { OVERLOAD_RETRY_AFTER_S, overloaded } from '../domain/errors.js'

// A lagging process is still alive and may still be ready: an orchestrator that restarted it on a
// 503 probe would throw away the work it is busy with. A stylesheet costs nothing to send, and an
// overload is when an operator most needs the metrics.
const EXEMPT = new Set<unknown>(['getHealth', 'getReadiness', 'getDashboardStylesheet', 'getMetrics'])
/** The lag is the mean of each such period. */
const SAMPLE_MS = 1000

export default fp(
  async function overloadPlugin(app, opts: { maxEventLoopDelayMs: number }) {
    // Compiling the schemas as the app gets ready stalls the loop for a while; the samples that saw
    // it measure the start, not the load, and are let pass.
    let measuredFrom = Infinity
    app.addHook('onReady', async () => {
      measuredFrom = performance.now() + 2 * SAMPLE_MS
    })
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      sampleInterval: SAMPLE_MS,
      retryAfter: OVERLOAD_RETRY_AFTER_S,
      // A rejection goes through the root error handler: the API's error shape and Retry-After.
      pressureHandler: (request) =>
        EXEMPT.has(request.routeOptions.config.operationId) || performance.now() < measuredFrom ? undefined : Promise.reject(overloaded('the server is busy')),
    })
  },
  { name: 'overload', dependencies: ['errors'] },
)
