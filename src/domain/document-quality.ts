// How a document photo was taken, measured from its pixels (src/analysis/worker.ts), and the retake
// reasons that follow. Judged only for a photo whose MRZ could not be read: a readable photo is never
// refused, and a sharp, well-lit photo without an MRZ fails its check with `mrz_not_found` instead.
import type { RetakeReason } from '../../generated/schemas.js'

/** The retake reasons of a document photo (the others are a selfie's). */
export type DocumentRetakeReason = Extract<RetakeReason, 'document_not_found' | 'image_blurry' | 'too_dark' | 'glare' | 'document_too_small'>

export interface DocumentQuality {
  /** The spread of grey (98th percentile less 2nd, 0–255): next to none when the photo shows nothing. */
  contrast: number
  /** The strongest text edges (99th percentile of the gradient at 800 px), per unit of the photo's contrast, 0–255. */
  sharpness: number
  /** The brightest part of the photo (98th percentile of grey, 0–255): the paper, when lit. */
  brightness: number
  /** Share of pixels blown out to white (grey ≥ 250), 0–1. */
  blownOut: number
  /** Share of the photo taken by the region its text lies in, 0–1; null when no text was found. */
  documentShare: number | null
}

/**
 * Where each measure says "retake". Measured on the fixtures of test/fixtures/documents: their contrast
 * is over 100, a photo of one flat colour under 5; sharp photos
 * give a sharpness of 113–193, the same blurred by σ 3 px about 30–50; lit photos a brightness over
 * 200, the same at 30 % of the light under 80; clean renders have up to 3 % of pure white, a glare
 * spot over a quarter of the page about 15 %.
 */
export const RETAKE_BELOW_CONTRAST = 30
export const RETAKE_BELOW_SHARPNESS = 60
export const RETAKE_BELOW_BRIGHTNESS = 110
export const RETAKE_ABOVE_BLOWN_OUT = 0.1
/** A document whose text takes less of the photo than this is too far away to read its zone. */
export const RETAKE_BELOW_DOCUMENT_SHARE = 0.05

export function retakeReasons(q: DocumentQuality): DocumentRetakeReason[] {
  const reasons: DocumentRetakeReason[] = []
  const dark = q.brightness < RETAKE_BELOW_BRIGHTNESS
  // A photo of next to one shade shows no page at all, unless it is only too dark to show one; its
  // edges then say nothing of focus.
  if (q.contrast < RETAKE_BELOW_CONTRAST) {
    if (!dark) reasons.push('document_not_found')
  } else if (q.sharpness < RETAKE_BELOW_SHARPNESS) reasons.push('image_blurry')
  if (dark) reasons.push('too_dark')
  if (q.blownOut > RETAKE_ABOVE_BLOWN_OUT) reasons.push('glare')
  if (q.documentShare !== null && q.documentShare < RETAKE_BELOW_DOCUMENT_SHARE) reasons.push('document_too_small')
  return reasons
}

const MESSAGES: Record<DocumentRetakeReason, string> = {
  document_not_found: 'no document can be seen in the photo: photograph the page so that it fills the frame',
  image_blurry: 'the photo is blurred: hold the camera still, in focus on the page',
  too_dark: 'the photo is too dark: take it in more light',
  glare: 'part of the photo is blown out by glare: tilt the page or move away from the light',
  document_too_small: 'the document is too small in the photo: hold the camera closer, so that the page fills most of the frame',
}

export const retakeMessage = (reason: DocumentRetakeReason) => MESSAGES[reason]
