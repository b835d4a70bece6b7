// The hosted capture page (GET /capture/<token>), its script and its stylesheet. The token in the
// path is the credential: the page is rendered only for a link that works, and the script sends the
// token with every API call it makes (src/capture-client/main.ts).
import { readFileSync } from 'node:fs'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import helmet from '@fastify/helmet'
import { build } from 'esbuild'
import QRCode from 'qrcode'
import { getCapturePageRoute, getCaptureScriptRoute, getCaptureStylesheetRoute } from '../../../generated/schemas.js'
import { PAGE_HELMET } from '../../plugins/security-headers.js'
import { operation } from '../operation.js'
import { capturePage, expiredPage } from './page.js'
import { stringsFor } from './strings.js'

const stylesheet = readFileSync(new URL('./capture.css', import.meta.url), 'utf8')

/** The script, bundled once from TypeScript on first request (esbuild; about 50 ms). */
let script: Promise<string> | null = null
function captureScript(): Promise<string> {
  return (script ??= build({
    entryPoints: [new URL('../../capture-client/main.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    logLevel: 'silent',
  }).then((out) => out.outputFiles[0]!.text))
}

/** Helmet's page set, plus what a camera page needs: the camera for this origin, video from blob:. */
const CAPTURE_HELMET = {
  ...PAGE_HELMET,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      ...(PAGE_HELMET.contentSecurityPolicy as { directives: Record<string, string[]> }).directives,
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      formAction: ["'none'"],
    },
  },
  // The token is in the page's URL: no request from the page may carry it elsewhere.
  referrerPolicy: { policy: 'no-referrer' as const },
}

function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)
}

export default async function capturePageRoutes(fastify: FastifyInstance, opts: { publicUrl: string }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  await app.register(helmet, CAPTURE_HELMET)
  app.addHook('onRequest', async function cameraPolicy(_request, reply) {
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=()')
  })

  // A mangled link (a token no link can have, NUL characters and the like) gets the same page as an
  // unknown one, not the API's JSON 400.
  app.setErrorHandler(function renderCaptureError(error: FastifyError, request, reply) {
    if (request.routeOptions.config.operationId === 'getCapturePage' && error.statusCode === 400) {
      return sendHtml(reply, 404, expiredPage(stringsFor(request.headers['accept-language'])))
    }
    throw error
  })

  app.route({
    ...operation('getCapturePage'),
    schema: getCapturePageRoute,
    handler: async function getCapturePage(request, reply) {
      const strings = stringsFor(request.headers['accept-language'])
      const link = await app.captureLinksService.open(request.params.token)
      if (!link) return sendHtml(reply, 404, expiredPage(strings))
      const url = `${opts.publicUrl}/capture/${request.params.token}`
      const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      return sendHtml(
        reply,
        200,
        capturePage({ verificationId: link.verificationId, checks: link.checks, allowUpload: link.allowUpload, returnUrl: link.returnUrl, strings }, qr),
      )
    },
  })

  app.route({
    ...operation('getCaptureScript'),
    schema: getCaptureScriptRoute,
    handler: async function getCaptureScript(_request, reply) {
      return reply.header('cache-control', 'public, max-age=300').type('text/javascript; charset=utf-8').send(await captureScript())
    },
  })

  app.route({
    ...operation('getCaptureStylesheet'),
    schema: getCaptureStylesheetRoute,
    handler: async function getCaptureStylesheet(_request, reply) {
      return reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(stylesheet)
    },
  })
}
