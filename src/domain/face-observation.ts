// What the analysis workers report about a face and an image: the input of the biometric rules
// (face-checks.ts, active-liveness.ts). The sign conventions of the angles are fixed in src/analysis/faces.ts.

export interface FaceObservation {
  /** In the input image's pixels (after EXIF rotation, original resolution). */
  box: { x: number; y: number; width: number; height: number }
  /** Face detector (blazeface) score, 0..1. */
  detectionScore: number
  /** faceres descriptor (1024 numbers), from the pass that analysed the face (src/analysis/faces.ts); [] when embedding is off. */
  embedding: number[]
  /** Degrees. Positive yaw = the person turns to THEIR OWN LEFT (conventions: src/analysis/faces.ts). 0 when mesh is off. */
  yaw: number
  /** Degrees. Positive pitch = the person looks down. 0 when mesh is off. */
  pitch: number
  /** Degrees. Positive roll = the face is rotated clockwise in the image. 0 when mesh is off. */
  roll: number
  /** Eyelid gap / eye width for the person's own left eye (about 0.25–0.4 open, under ~0.12 closed). 0 when mesh is off. */
  leftEyeOpen: number
  /** Same for the person's own right eye. */
  rightEyeOpen: number
  /** Inner-lip gap / mouth width (mouth corners). About 0 closed, 0.3+ wide open. 0 when mesh is off. */
  mouthOpen: number
  /** Emotion model's 'happy' probability, 0..1; 0 when emotion is off. */
  happy: number
  /** How the face itself was captured (src/analysis/faces.ts); absent from analyses kept before it was measured. */
  quality?: FaceQuality
  /** What a photo of a screen or a print would carry (src/analysis/presentation.ts); measured on selfies only. */
  presentation?: PresentationMeasures
}

/** Presentation-attack measures of a face and its surroundings. */
export interface PresentationMeasures {
  /** ln of the strongest spectral peak over the face against its frequency's median: a periodic pattern (a screen's grid, moiré). */
  pattern: number
  /** Sides of the face (0–4) with a sheet's straight edge beside it, bare paper on one side of the edge. */
  border: number
  /** The face's 2nd percentile of grey over its 99.5th: how far its darkest tones sit above black. */
  blackLift: number
  /** The largest patch of clipped pixels over the face, as a share of its box. */
  glare: number
}

/**
 * How the surface of a face moved between two captures (src/analysis/face-motion.ts): its features
 * matched from one to the other and the share of them one projective map carries.
 */
export interface FaceMotion {
  /** The two images compared, by the caller's indices. */
  from: number
  to: number
  /** Features matched between the two faces. */
  matches: number
  /** Share of the matches one projective map (a homography) carries: near 1 for a flat picture moved; 0 when too few matches to fit one. */
  planar: number
}

/** Measures of a face's own pixels: its box's grey copy at 128 × 128. */
export interface FaceQuality {
  /** Mean grey of the face, 0–255. */
  brightness: number
  /** RMS of the Laplacian per unit of the face's contrast (×100): low means blurred. */
  sharpness: number
  /** Mean grey of the eyes' band over the face's: far below 1 when something dark covers the eyes. */
  eyes: number
  /** The same for the mouth's band. */
  mouth: number
}

export interface ImageQuality {
  width: number
  height: number
  /** Standard deviation of the Laplacian of the grey image: low means blurred. */
  sharpness: number
  /** Mean grey level, 0–255. */
  brightness: number
}
