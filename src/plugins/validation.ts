// Request validation with the schemas from generated/: bodies strictly (no coercion, unknown fields
// refused), query strings, path parameters and headers with type coercion; JSON body parsing.
import fp from 'fastify-plugin'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

function makeAjv(coerceTypes: boolean) {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: true, strict: false })
  addFormats(ajv)
  return ajv
}

export default fp(
  async function validationPlugin(app) {
    const bodyAjv = makeAjv(false)
    const paramsAjv = makeAjv(true)
    app.setValidatorCompiler(({ schema, httpPart }) =>
      (httpPart === 'body' ? bodyAjv : paramsAjv).compile(schema),
    )

    // Many clients send Content-Type: application/json on every request: an empty body is "no body",
    // and a route that needs one says so through its schema.
    const parseJson = app.getDefaultJsonParser('error', 'error')
    // Fastify also parses text/plain by default; every body of this API is JSON, so anything else is 415.
    app.removeContentTypeParser('text/plain')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, function parseJsonBody(request, body, done) {
      if (body === '') return done(null, undefined)
      parseJson(request, body as string, done)
    })
  },
  { name: 'validation' },
)
