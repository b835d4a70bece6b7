// Uploads as multipart/form-data, beside base64 in JSON: @fastify/multipart reads the form as it
// arrives into the shape of the operation's form schema (openapi.yaml; file parts as Buffers), which
// Fastify then validates like any body. Registered only where the upload routes live, so every other
// operation still answers 415 to a form.
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from '../domain/errors.js'
import { MAX_IMAGE_BYTES } from '../services/image-intake.js'
import { encodedBodyError } from './body-reader.js'
import { bodySchemas } from './route-body.js'
import { nulCharacterAt } from './validation.js'

/** What one text part may hold, in bytes (the longest field, `mrz`, is 300 characters). */
export const FORM_TEXT_BYTES = 4096
/** How many text parts a form may have. */
export const FORM_TEXT_PARTS = 10

type FieldSchema = { type?: string; format?: string; maxItems?: number; items?: FieldSchema }
type FormSchema = { properties: Record<string, FieldSchema> }

const invalid = (path: string, message: string) => new ApiError('validation_error', 'request validation failed', [{ path, message }])

/** The form schema of the route that is answering (generated/: `body.content['multipart/form-data']`). */
function formSchemaOf(request: FastifyRequest): FormSchema {
  const form = bodySchemas(request)['multipart/form-data'] as FormSchema | undefined
  if (!form) throw new Error(`${request.routeOptions.url}: no multipart/form-data schema`)
  return form
}

/** An error of the form's reader in the API's terms: limits are 413, anything malformed is 400. */
function formError(err: unknown): unknown {
  if (err instanceof ApiError) return err
  const e = err as { code?: string; part?: { fieldname?: string } }
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError('payload_too_large', `${e.part?.fieldname ?? 'a file part'} is larger than 10 MB`)
    case 'FST_FILES_LIMIT':
      return new ApiError('payload_too_large', 'the form has more file parts than this operation takes')
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError('payload_too_large', `the form has more than ${FORM_TEXT_PARTS} text parts`)
    default:
      return invalid('', 'malformed multipart/form-data body')
  }
}

async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields = formSchemaOf(request).properties
  const isFile = (name: string) => (fields[name]?.items ?? fields[name])?.format === 'binary'
  const files = Object.values(fields).reduce((n, f) => n + ((f.items ?? f).format !== 'binary' ? 0 : f.type === 'array' ? (f.maxItems ?? 1) : 1), 0)
  const form: Record<string, unknown> = {}
  try {
    for await (const part of request.parts({ limits: { files, parts: files + FORM_TEXT_PARTS } })) {
      const name = part.fieldname
      // A part is read whole before anything else is decided, so that the form can go on.
      const value = part.type === 'file' ? await part.toBuffer() : part.value
      if (part.type === 'file' && !isFile(name) && name in fields) throw invalid(`/${name}`, 'must be a text part, not a file')
      if (part.type === 'field') {
        if (isFile(name)) throw invalid(`/${name}`, 'must be a file part (curl -F name=@file)')
        if (part.valueTruncated) throw invalid(`/${name}`, `must be at most ${FORM_TEXT_BYTES} bytes`)
        if (part.fieldnameTruncated) throw invalid('', 'a part name is too long')
      }
      if (fields[name]?.type === 'array') form[name] = [...((form[name] as unknown[] | undefined) ?? []), value]
      else if (Object.hasOwn(form, name)) throw invalid(`/${name}`, 'must be sent once')
      else form[name] = value
    }
  } catch (err) {
    throw formError(err)
  }
  const at = nulCharacterAt(form)
  if (at !== null) throw invalid(at, 'must not contain NUL characters or unpaired UTF-16 surrogates')
  return form
}

export async function multipartForms(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, fieldSize: FORM_TEXT_BYTES, fields: FORM_TEXT_PARTS } })
  app.addHook('preValidation', async function readFormBody(request) {
    if (request.isMultipart()) {
      const encoded = encodedBodyError(request)
      if (encoded) throw encoded
      request.body = await readForm(request)
    }
    // Without a Content-Type there is no schema to validate by: the body a JSON request must have.
    else if (request.body === undefined) throw invalid('', 'must be object')
  })
}
