// Retake reasons of a document photo whose zone could not be read (src/domain/document-quality.ts):
// each measure says what the person holding the camera can do, and a dark photo is only dark.
import t from 'tap'
import { retakeReasons, type DocumentQuality } from '../src/domain/document-quality.js'

const good: DocumentQuality = { contrast: 180, sharpness: 140, brightness: 230, blownOut: 0.01, documentShare: 0.6 }

t.test('a well-taken photo gives no reason', async (t) => {
  t.same(retakeReasons(good), [])
})

t.test('each poor measure gives its own reason', async (t) => {
  t.same(retakeReasons({ ...good, sharpness: 30 }), ['image_blurry'])
  t.same(retakeReasons({ ...good, blownOut: 0.2 }), ['glare'])
  t.same(retakeReasons({ ...good, documentShare: 0.02 }), ['document_too_small'])
  t.same(retakeReasons({ ...good, documentShare: null }), [], 'no page found says nothing of its size')
})

t.test('a photo of one shade shows no document, unless it is only dark', async (t) => {
  t.same(retakeReasons({ ...good, contrast: 5, brightness: 240 }), ['document_not_found'])
  t.same(retakeReasons({ ...good, contrast: 20, brightness: 24 }), ['too_dark'], 'a page in the dark: more light, not another page')
  t.same(retakeReasons({ ...good, brightness: 60 }), ['too_dark'])
})
