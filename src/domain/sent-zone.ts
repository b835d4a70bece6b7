// An MRZ sent as text against a photo of its document: its printed page (src/domain/viz-check.ts)
// and the zone the photo shows.
import type { MrzData } from '../../generated/schemas.js'
import type { PageLayout } from './viz-dates.js'
import { vizCrossCheck, type VizField, type VizResult } from './viz-check.js'

/** A zone's fields, as a zone sent as text is compared with the photo's. */
const ZONE_FIELDS = ['document_code', 'issuing_state', 'surname', 'given_names', 'document_number', 'nationality', 'date_of_birth', 'sex', 'expiration_date', 'optional_data'] as const
export type SentZoneField = (typeof ZONE_FIELDS)[number] | 'check_digits'
export interface SentZoneCheck {
  /** Whether the photo shows a zone of its own (read, its check digits holding or not). */
  photo_zone: boolean
  /** What the photo's zone has otherwise: fields, and `check_digits` when one of the photo's fails. */
  differs: SentZoneField[]
}

/** The fields a check digit guards: a zone read with every check digit holding has not misread them. */
const GUARDED: VizField[] = ['document_number', 'date_of_birth', 'expiration_date']

/**
 * An MRZ sent as text, cross-checked against a photo's printed page and against the zone the photo
 * shows, as OCR read it. Where that zone's check digits all hold, a guarded field that differs from the
 * one sent is `mismatch` (the photo is of another document). Whatever else differs (names, states,
 * sex, a check digit of the photo's that fails) is listed: one of the two readings is wrong and nothing
 * says which, so a person looks; and so when the photo shows no zone, as nothing then confirms the
 * fields the page is not compared on (states, sex).
 */
export function sentZoneCrossCheck(sent: MrzData, page: string[], layout: PageLayout, photoZone: MrzData | null, today = new Date()): VizResult {
  const viz = vizCrossCheck(sent, page, layout, today)
  if (!photoZone) return { ...viz, sent_zone: { photo_zone: false, differs: [] } }
  const holds = Object.values(photoZone.check_digits).every((valid) => valid !== false)
  const differs: SentZoneField[] = ZONE_FIELDS.filter((f) => (photoZone[f] ?? null) !== (sent[f] ?? null))
  if (!holds) differs.push('check_digits')
  else for (const f of GUARDED) if (photoZone[f] && sent[f] && photoZone[f] !== sent[f]) viz.fields[f] = 'mismatch'
  return { ...viz, sent_zone: { photo_zone: true, differs } }
}
