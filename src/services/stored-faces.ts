// The faces found in an uploaded image, kept beside it: analysed once at upload, sealed at rest like
// the image itself (same key, same retention), read by the checks instead of analysing it again.
import type { FaceOptions } from '../analysis/human.js'
import type { FacesAnalysis } from '../analysis/worker.js'
import { decryptMedia, encryptMedia, type MediaKeyInput } from '../domain/media-crypto.js'

/**
 * The models each analysis runs. A selfie is analysed once for every check it feeds (face match,
 * passive and active liveness), with its image quality; a document's portrait for face match.
 */
export const FACE_NEEDS = {
  match: { embedding: true },
  active: { embedding: true, mesh: true, emotion: true, subject: true },
  selfie: { embedding: true, mesh: true, emotion: true, subject: true },
} satisfies Record<string, FaceOptions>

export type FacesFound = Extract<FacesAnalysis, { ok: true }>

/** The faces found in upload `id`, sealed at rest like its images (AES-256-GCM, bound to the row). */
export const sealFaces = (key: MediaKeyInput, id: string, found: FacesFound): Buffer =>
  encryptMedia(key, Buffer.from(JSON.stringify({ faces: found.faces, quality: found.quality })), `${id}:faces`)

export const openFaces = (key: MediaKeyInput, id: string, sealed: Buffer): FacesFound => ({ ok: true, ...JSON.parse(decryptMedia(key, sealed, `${id}:faces`).toString('utf8')) })

