// Webhook secrets are sealed at rest like images (AES-256-GCM, src/domain/media-crypto.ts), bound to
// their key by the AAD; a rotated secret keeps signing for a day beside the new one.
import { decryptMedia, encryptMedia, type MediaKeyInput } from './media-crypto.js'
import type { SigningSecrets } from './webhook-signing.js'

/** How long a replaced secret keeps signing, so that receivers can switch over. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000

/** What binds a key's sealed webhook secrets (current and previous) to that key. */
export const webhookSecretAad = (keyId: string) => `api_keys/${keyId}/webhook_secret`
const aad = webhookSecretAad

export const sealSecret = (mediaKeys: MediaKeyInput, keyId: string, secret: string): Buffer => encryptMedia(mediaKeys, Buffer.from(secret, 'utf8'), aad(keyId))

export const openSecret = (mediaKeys: MediaKeyInput, keyId: string, sealed: Buffer): string => decryptMedia(mediaKeys, sealed, aad(keyId)).toString('utf8')

export interface SealedSecrets {
  id: string
  webhookSecretSealed: Buffer | null
  previousWebhookSecretSealed: Buffer | null
  previousWebhookSecretUntil: Date | null
}

/** The secrets a key signs with at `now`, or null when it has none. */
export function signingSecrets(mediaKeys: MediaKeyInput, key: SealedSecrets, now = new Date()): SigningSecrets | null {
  if (!key.webhookSecretSealed) return null
  const previousValid = key.previousWebhookSecretSealed && key.previousWebhookSecretUntil && key.previousWebhookSecretUntil > now
  return {
    current: openSecret(mediaKeys, key.id, key.webhookSecretSealed),
    previous: previousValid ? openSecret(mediaKeys, key.id, key.previousWebhookSecretSealed!) : null,
  }
}
