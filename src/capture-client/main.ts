// The hosted capture page's script (bundled by esbuild: src/routes/capture-page/index.ts). It takes
// the photos a verification's checks need with the device's camera, sends each to the API with the
// link's token, shows the service's retake reasons until a shot is accepted, and hands over to a
// phone (QR code) on a wide screen or without a camera.

import { camera, grab, readFile, stopCamera } from './camera.js'

interface PageData {
  verificationId: string
  checks: string[]
  allowUpload: boolean
  returnUrl: string | null
  strings: Record<string, string>
}

interface Answer {
  status: number
  body: { error?: { code?: string; message?: string; details?: Array<{ reason?: string }> }; [k: string]: unknown } | null
}

interface Shot {
  title: string
  hint: string
  facing: 'environment' | 'user'
  frame: 'document' | 'face'
  action?: string
}

const data = JSON.parse(document.getElementById('capture-data')!.textContent!) as PageData
const S = data.strings
const token = decodeURIComponent(location.pathname.split('/').pop() ?? '')
const base = `/verifications/${encodeURIComponent(data.verificationId)}`
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

const needsDocument = data.checks.some((c) => c === 'document' || c === 'identity' || c === 'face_match')
const needsSelfie = data.checks.some((c) => c === 'face_match' || c === 'liveness')
const needsChallenge = data.checks.includes('liveness')
const stepsTotal = (needsDocument ? 1 : 0) + (needsSelfie ? 1 : 0) + (needsChallenge ? 1 : 0)

const SECTIONS = ['intro', 'handoff', 'camera', 'retake', 'done']
let finished = false

function show(...ids: string[]) {
  for (const id of SECTIONS) $(id).hidden = !ids.includes(id)
}

function focusHeading(section: string) {
  const heading = $(section).querySelector('h2')
  heading?.focus()
}

function say(text: string) {
  $('status').textContent = text
}

function step(n: number) {
  const counter = $('step-counter')
  counter.hidden = false
  counter.textContent = S.stepOf!.replace('{n}', String(n)).replace('{m}', String(stepsTotal))
}

async function api(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: await res.json().catch(() => null) }
}

/** Sends until the network carries it: a failed request is offered again, never lost silently. */
async function send(method: string, path: string, body?: unknown): Promise<Answer> {
  for (;;) {
    try {
      say(S.sending!)
      const answer = await api(method, path, body)
      say('')
      return answer
    } catch {
      await retakePrompt([S.networkError!], S.tryAgain!)
    }
  }
}

/** Shows the viewfinder for one shot and resolves with the photo taken (or the file chosen). */
async function shoot(shot: Shot): Promise<string> {
  show('camera')
  $('camera-title').textContent = shot.title
  $('camera-hint').textContent = shot.hint
  $('frame').className = `frame frame-${shot.frame}`
  // The front camera's preview is shown as a mirror, as phones do; the photo itself is not mirrored.
  document.querySelector('.viewfinder')!.classList.toggle('mirror', shot.facing === 'user')
  const demo = $('action-demo')
  demo.hidden = !shot.action
  demo.className = `action-demo${shot.action ? ` action-${shot.action}` : ''}`
  $<HTMLButtonElement>('shoot').textContent = shot.action ? S.captureAction! : S.takePhoto!
  focusHeading('camera')
  const live = await camera($<HTMLVideoElement>('video'), shot.facing)
  $('shoot').hidden = !live
  if (!live) say(S.cameraFailed!)
  return new Promise((resolve) => {
    const button = $<HTMLButtonElement>('shoot')
    const file = document.getElementById('file') as HTMLInputElement | null
    const done = (image: string) => {
      button.onclick = null
      if (file) {
        file.onchange = null
        file.value = ''
      }
      resolve(image)
    }
    button.onclick = () => done(grab($<HTMLVideoElement>('video')))
    if (file) file.onchange = () => void (file.files?.[0] ? readFile(file.files[0]).then(done) : undefined)
  })
}

function reasonsOf(answer: Answer): string[] {
  const reasons = (answer.body?.error?.details ?? []).map((d) => d.reason).filter((r): r is string => typeof r === 'string')
  const unique = [...new Set(reasons)]
  return unique.length ? unique.map((r) => S[`reason_${r}`] ?? S.reason_other!) : [S.reason_other!]
}

/** Shows why a shot must be taken again and waits for the person to be ready. */
function retakePrompt(lines: string[], button = S.retake!): Promise<void> {
  show('retake')
  const list = $('reasons')
  list.replaceChildren(...lines.map((line) => Object.assign(document.createElement('li'), { textContent: line })))
  $<HTMLButtonElement>('retake-button').textContent = button
  focusHeading('retake')
  return new Promise((resolve) => {
    $<HTMLButtonElement>('retake-button').onclick = () => resolve()
  })
}

// ---- steps ----------------------------------------------------------------------------------------

/** Whether the answer ends the flow: the link stopped working, or the verification is no longer pending. */
function ended(answer: Answer): boolean {
  if (answer.status === 401 || answer.status === 409) {
    void finish()
    return true
  }
  return false
}

/**
 * One step: takes its shots and sends them (`attempt`) until the service accepts them, showing its
 * retake reasons in between; false when the flow has ended (the link stopped working, or the
 * verification is no longer pending).
 */
async function untilAccepted(n: number, accepted: number, attempt: () => Promise<Answer>): Promise<boolean> {
  step(n)
  for (;;) {
    const answer = await attempt()
    if (answer.status === accepted) return true
    if (ended(answer)) return false
    await retakePrompt(reasonsOf(answer))
  }
}

function documentStep(n: number): Promise<boolean> {
  const type = (document.querySelector('input[name="document_type"]:checked') as HTMLInputElement | null)?.value ?? 'passport'
  const twoSided = type === 'id_card' || type === 'residence_permit'
  return untilAccepted(n, 201, async () => {
    const front = await shoot({ title: S.documentTitle!, hint: S.documentFront!, facing: 'environment', frame: 'document' })
    const back = twoSided ? await shoot({ title: S.documentTitle!, hint: S.documentBack!, facing: 'environment', frame: 'document' }) : null
    return send('POST', '/documents', { document_type: type, front_image: front, ...(back ? { back_image: back } : {}) })
  })
}

function selfieStep(n: number): Promise<boolean> {
  return untilAccepted(n, 201, async () => {
    const image = await shoot({ title: S.selfieTitle!, hint: S.selfieHint!, facing: 'user', frame: 'face' })
    return send('POST', '/selfie', { image })
  })
}

function challengeStep(n: number): Promise<boolean> {
  return untilAccepted(n, 200, async () => {
    // A challenge that could not be made is offered again like a refused shot.
    const challenge = await send('POST', '/active-liveness/challenge')
    if (challenge.status !== 201) return challenge
    const { challenge_id, actions } = challenge.body as unknown as { challenge_id: string; actions: string[] }
    const frames: Array<{ action: string; image: string }> = []
    for (const action of actions) {
      const image = await shoot({ title: S.challengeTitle!, hint: S[`action_${action}`] ?? action, facing: 'user', frame: 'face', action })
      frames.push({ action, image })
    }
    return send('POST', '/active-liveness/verify', { challenge_id, frames })
  })
}

/** How the verification stands once this page is done with it, from the link's own view of it. */
async function standing(): Promise<'pending' | 'finished' | 'link_ended'> {
  try {
    const progress = await api('GET', '/capture-progress')
    if (progress.status === 401) return 'link_ended'
    return progress.status === 200 && (progress.body as { status?: string } | null)?.status === 'pending' ? 'pending' : 'finished'
  } catch {
    return 'finished'
  }
}

async function finish(elsewhere = false) {
  if (finished) return
  finished = true
  stopCamera()
  $('step-counter').hidden = true
  // The flow also ends when the service refuses another try (its challenges used up) or the link
  // stopped working: the page says so rather than that everything was sent.
  const now = elsewhere ? 'finished' : await standing()
  if (elsewhere) $('done-text').textContent = S.finishedElsewhere!
  else if (now === 'pending') $('done-text').textContent = S.unfinishedText!
  else if (now === 'link_ended') {
    $('done-title').textContent = S.expiredTitle!
    $('done-text').textContent = S.expiredText!
  }
  show('done')
  focusHeading('done')
  if (data.returnUrl) {
    say(S.redirecting!)
    const url = new URL(data.returnUrl)
    url.searchParams.set('verification_id', data.verificationId)
    location.assign(url.toString())
  }
}

async function capture() {
  stopWatching()
  let n = 0
  if (needsDocument && !(await documentStep(++n))) return
  if (needsSelfie && !(await selfieStep(++n))) return
  if (data.checks.includes('face_match')) {
    const match = await send('POST', '/face-match', {})
    if (match.status !== 200 && ended(match)) return
  }
  if (needsChallenge && !(await challengeStep(++n))) return
  await finish()
}

// ---- another device -------------------------------------------------------------------------------

let watching: ReturnType<typeof setInterval> | null = null

function stopWatching() {
  if (watching) clearInterval(watching)
  watching = null
}

/** Follows the verification while the photos are taken on another device. */
function watch() {
  const poll = async () => {
    try {
      const progress = await api('GET', '/capture-progress')
      const body = progress.body as { status?: string } | null
      if (progress.status === 200 && body?.status !== 'pending') {
        stopWatching()
        await finish(true)
      }
    } catch {
      // The next poll tries again.
    }
  }
  watching = setInterval(() => void poll(), 2000)
}

async function hasCamera(): Promise<boolean> {
  if (!navigator.mediaDevices?.getUserMedia) return false
  try {
    const devices = await navigator.mediaDevices.enumerateDevices()
    return devices.some((d) => d.kind === 'videoinput')
  } catch {
    return true
  }
}

async function main() {
  $('start').addEventListener('click', () => void capture())
  $('continue-here').addEventListener('click', () => {
    show('intro')
    focusHeading('intro')
  })
  // A desktop's screen (wide, with a fine pointer) or a device without a camera: offer the phone.
  const desktop = matchMedia('(min-width: 60em) and (pointer: fine)').matches
  const camera = await hasCamera()
  if (desktop || !camera) {
    show('handoff')
    $('continue-here').hidden = !camera
    watch()
  } else {
    show('intro')
  }
}

void main()
