// The capture page's camera: one stream at a time, the front or the rear camera, and its frames as
// base64 JPEG for the API (as is a file chosen from the device's gallery).
let stream: MediaStream | null = null
let streamFacing: string | null = null

/** Shows the camera facing that way in `video` (the one already open if it faces that way); false when none starts. */
export async function camera(video: HTMLVideoElement, facing: 'environment' | 'user'): Promise<boolean> {
  if (stream && streamFacing === facing) return true
  stream?.getTracks().forEach((t) => t.stop())
  stream = null
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: facing, width: { ideal: 1920 }, height: { ideal: 1080 } } })
    streamFacing = facing
    video.srcObject = stream
    await video.play()
    return true
  } catch {
    return false
  }
}

export function stopCamera() {
  stream?.getTracks().forEach((t) => t.stop())
  stream = null
  streamFacing = null
}

/** The video's current frame as base64 JPEG. */
export function grab(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  canvas.getContext('2d')!.drawImage(video, 0, 0)
  return canvas.toDataURL('image/jpeg', 0.92).split(',')[1]!
}

/** A file from the device, as base64. */
export function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '')
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

