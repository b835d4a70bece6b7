// How the face's surface moved from one capture to another, from the texture of the face itself
// (src/domain/depth-motion.ts judges it). Points of the skin, brows, eyes and lips are found and matched
// between the two faces (ORB features), then one projective map (a homography) is fitted to the
// matches. A flat picture (a print, a screen) moved in front of the camera is a plane: one projective
// map carries nearly every match, whatever the move. A live head that turns is not: the nose moves
// against the cheeks, the far cheek narrows, and no single map carries the face. (The face mesh's own
// points cannot tell: its model draws a face's 3D shape onto a tilted photo as well.)
import sharp from 'sharp'
import type { FaceMotion, FaceObservation } from '../domain/face-observation.js'
import { decodeRegion } from './faces.js'
import { opencv, type CV } from './opencv.js'

type Box = FaceObservation['box']

/** Width the face's box is brought to before its features are found. */
const FACE_SIDE = 256
/** A match stays when its best candidate is clearly better than its second (Lowe's ratio test). */
const RATIO = 0.8
/** A match agrees with a map when it lands within this share of the face's width of where the map puts it. */
const INLIER_SHARE = 0.015

interface OrbSetters {
  setFastThreshold(threshold: number): void
  setEdgeThreshold(threshold: number): void
  setPatchSize(size: number): void
}

interface Features {
  keypoints: CV.KeyPointVector
  descriptors: CV.Mat
}

async function features(cv: typeof CV, image: Uint8Array, box: Box): Promise<Features> {
  // The face's box alone (brows to chin): what lies around it (hair, background, a sheet's margin)
  // need not move with the face, and would count for a plane.
  const face = await decodeRegion(image, box)
  const { data, info } = await sharp(face.data, { raw: { width: face.width, height: face.height, channels: 3 } })
    .resize({ width: FACE_SIDE })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const grey = cv.matFromArray(info.height, info.width, cv.CV_8UC1, data)
  // Small patches and a low corner threshold: a face has little texture at this size. (The setters
  // are in opencv.js's bindings, not in its typings; its constructor refuses a score type.)
  const orb = new cv.ORB(400) as CV.ORB & OrbSetters
  orb.setFastThreshold(8)
  orb.setEdgeThreshold(15)
  orb.setPatchSize(15)
  const keypoints = new cv.KeyPointVector()
  const descriptors = new cv.Mat()
  const none = new cv.Mat()
  try {
    orb.detectAndCompute(grey, none, keypoints, descriptors)
    return { keypoints, descriptors }
  } finally {
    grey.delete()
    none.delete()
    orb.delete()
  }
}

function compare(cv: typeof CV, a: Features, b: Features, from: number, to: number): FaceMotion {
  const out: FaceMotion = { from, to, matches: 0, planar: 0 }
  if (a.descriptors.rows < 2 || b.descriptors.rows < 2) return out
  const matcher = new cv.BFMatcher(cv.NORM_HAMMING, false)
  const knn = new cv.DMatchVectorVector()
  try {
    matcher.knnMatch(a.descriptors, b.descriptors, knn, 2)
    const pairs: [number, number, number, number][] = []
    for (let i = 0; i < knn.size(); i++) {
      // Each inner vector is a copy in opencv's memory: freed at once.
      const m = knn.get(i)
      const [best, second] = m.size() < 2 ? [] : [m.get(0), m.get(1)]
      m.delete()
      if (!best || !second || best.distance >= RATIO * second.distance) continue
      const p = a.keypoints.get(best.queryIdx).pt
      const q = b.keypoints.get(best.trainIdx).pt
      pairs.push([p.x, p.y, q.x, q.y])
    }
    out.matches = pairs.length
    if (pairs.length < 8) return out
    const src = cv.matFromArray(pairs.length, 1, cv.CV_32FC2, pairs.flatMap((p) => [p[0], p[1]]))
    const dst = cv.matFromArray(pairs.length, 1, cv.CV_32FC2, pairs.flatMap((p) => [p[2], p[3]]))
    const mask = new cv.Mat()
    const h = cv.findHomography(src, dst, cv.RANSAC, INLIER_SHARE * FACE_SIDE, mask)
    try {
      if (h.empty()) return out
      let inliers = 0
      for (let i = 0; i < mask.rows; i++) inliers += mask.data[i] ? 1 : 0
      out.planar = inliers / pairs.length
    } finally {
      for (const m of [src, dst, mask, h]) m.delete()
    }
    return out
  } finally {
    knn.delete()
    matcher.delete()
  }
}

/** Every pair of the faces (one face box per image) compared. */
export async function measureFaceMotion(images: Uint8Array[], boxes: Box[]): Promise<FaceMotion[]> {
  const { cv } = await opencv()
  const found: Features[] = []
  try {
    for (const [i, image] of images.entries()) found.push(await features(cv, image, boxes[i]!))
    const out: FaceMotion[] = []
    for (let i = 0; i < found.length; i++) for (let j = i + 1; j < found.length; j++) out.push(compare(cv, found[i]!, found[j]!, i, j))
    const r = (n: number) => Math.round(n * 1000) / 1000
    return out.map((m) => ({ ...m, planar: r(m.planar) }))
  } finally {
    for (const f of found) {
      f.keypoints.delete()
      f.descriptors.delete()
    }
  }
}
