// A verification's metadata: what the schema cannot say of its keys.
import { ApiError, type ErrorDetail } from './errors.js'

const MAX_METADATA_KEYS = 20
const MAX_METADATA_KEY_LENGTH = 40

/** Up to 20 keys of 1 to 40 characters each; a 400 naming every key that is not. */
export function validateMetadata(metadata: Record<string, string> | undefined) {
  if (!metadata) return
  const details: ErrorDetail[] = []
  const keys = Object.keys(metadata)
  if (keys.length > MAX_METADATA_KEYS) details.push({ path: '/metadata', message: `must have at most ${MAX_METADATA_KEYS} keys` })
  for (const k of keys) {
    // Code points, as the schemas' maxLength counts them (openapi.yaml: "lengths").
    const length = [...k].length
    if (length === 0 || length > MAX_METADATA_KEY_LENGTH) {
      details.push({ path: `/metadata/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `key must be 1 to ${MAX_METADATA_KEY_LENGTH} characters` })
    }
  }
  if (details.length) throw new ApiError('validation_error', 'request validation failed', details)
}
