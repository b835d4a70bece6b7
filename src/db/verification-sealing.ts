// A verification's personal data is sealed on its way into the table and opened on its way out, here
// and nowhere else: the declared applicant, the metadata, the holder data of the results and a
// reviewer's note, each bound to its row and part. Callers read and write rows in clear.
import { splitResults, mergeResults, type PersonalResults } from '../domain/personal-data.js'
import { decryptMedia, encryptMedia, type MediaKeys } from '../domain/media-crypto.js'
import { verifications } from './schema.js'

type StoredRow = typeof verifications.$inferSelect
type StoredInsert = typeof verifications.$inferInsert
type SealedColumn = 'applicantSealed' | 'metadataSealed' | 'resultsSealed' | 'decisionNoteSealed'

/** A verification as the services see it: personal fields in clear, `metadata` null once redacted. */
export type VerificationRow = Omit<StoredRow, SealedColumn | 'metadata'> & { metadata: Record<string, string> | null }
/** What a write may set, in clear. */
export type VerificationChanges = Partial<Omit<StoredInsert, SealedColumn | 'id' | 'metadata'> & { metadata: Record<string, string> | null }>

/** What binds a sealed part to its verification: `<id>:applicant`, `:metadata`, `:results` or `:note`. */
export const verificationAad = (id: string, part: 'applicant' | 'metadata' | 'results' | 'note') => `${id}:${part}`
const seal = (keys: MediaKeys, id: string, part: Parameters<typeof verificationAad>[1], value: unknown) =>
  encryptMedia(keys, Buffer.from(JSON.stringify(value), 'utf8'), verificationAad(id, part))
const open = <T>(keys: MediaKeys, id: string, part: Parameters<typeof verificationAad>[1], sealed: Buffer | null): T | null =>
  sealed ? (JSON.parse(decryptMedia(keys, sealed, verificationAad(id, part)).toString('utf8')) as T) : null

export function verificationSealing(keys: MediaKeys) {
  return {
    /** The columns that store `changes` to verification `id`: personal values sealed, their clear columns emptied. */
    seal(id: string, changes: VerificationChanges): Partial<StoredInsert> {
      const { metadata, ...rest } = changes
      const out: Partial<StoredInsert> = { ...rest }
      if ('applicant' in changes) {
        out.applicant = null
        out.applicantSealed = changes.applicant ? seal(keys, id, 'applicant', changes.applicant) : null
      }
      if ('metadata' in changes) {
        // Empty metadata holds nothing personal: it stays in the clear column as {}, and a read of
        // the many verifications created without any opens nothing.
        out.metadata = {}
        out.metadataSealed = metadata && Object.keys(metadata).length ? seal(keys, id, 'metadata', metadata) : null
      }
      if (changes.checksResults) {
        const { clear, personal } = splitResults(changes.checksResults)
        out.checksResults = clear
        out.resultsSealed = Object.keys(personal).length ? seal(keys, id, 'results', personal) : null
      }
      if ('decisionNote' in changes) {
        out.decisionNote = null
        out.decisionNoteSealed = changes.decisionNote ? seal(keys, id, 'note', changes.decisionNote) : null
      }
      return out
    },

    /** A stored row as the services read it. A row an earlier version wrote in clear reads as it was. */
    open(row: StoredRow): VerificationRow {
      const { applicantSealed, metadataSealed, resultsSealed, decisionNoteSealed, ...rest } = row
      const redacted = row.redactedAt !== null
      return {
        ...rest,
        applicant: open<Record<string, string>>(keys, row.id, 'applicant', applicantSealed) ?? row.applicant,
        metadata: redacted ? null : (open<Record<string, string>>(keys, row.id, 'metadata', metadataSealed) ?? row.metadata),
        checksResults: mergeResults(row.checksResults, open<PersonalResults>(keys, row.id, 'results', resultsSealed)),
        decisionNote: open<string>(keys, row.id, 'note', decisionNoteSealed) ?? row.decisionNote,
      }
    },
  }
}
