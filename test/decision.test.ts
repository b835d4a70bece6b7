// The decision table (src/domain/decision.ts), rule by rule, on check results shaped as the API
// writes them.
import t from 'tap'
import type { Verification } from '../generated/schemas.js'
import { decide, REASON_CLASS } from '../src/domain/decision.js'

type Results = Verification['checks_results']
const MARGIN = 0.05
const model = { name: 'human-faceres', version: '3.3.6' }
const at = '2026-11-26T10:00:00.000Z'

const document = (passed: boolean, reasons: string[] = [], pageRead = true) =>
  ({
    passed,
    reasons,
    document_id: 'doc_1',
    details: { document_type: 'passport', mrz: null, expired: false, viz: { page_read: pageRead, fields: {}, disagreeing: [] } },
    completed_at: at,
  }) as unknown as NonNullable<Results['document']>
const identity = (passed: boolean, reasons: string[] = []) =>
  ({ passed, reasons, document_id: 'doc_1', details: {}, completed_at: at }) as unknown as NonNullable<Results['identity']>
const faceMatch = (score: number | null, reasons: string[] = [], threshold = 0.75) =>
  ({ passed: score !== null && score >= threshold && reasons.length === 0, reasons, score, threshold, document_id: 'doc_1', selfie_id: 'doc_2', model, completed_at: at }) as unknown as NonNullable<Results['face_match']>
const liveness = (passed: boolean, reasons: string[] = [], signals: Array<[string, number | null]> = []) =>
  ({
    passed,
    reasons,
    score: 0.9,
    checks: signals.map(([name, score]) => ({ name, passed: score === null || score >= 0.5, score })),
    selfie_id: 'doc_2',
    challenge_id: null,
    model,
    completed_at: at,
  }) as unknown as NonNullable<Results['liveness']>

t.test('approved: every check passed clearly', async (t) => {
  t.same(decide('completed', { document: document(true), identity: identity(true), face_match: faceMatch(0.93), liveness: liveness(true, [], [['screen_pattern', 0.9], ['paper_border', 1]]) }, MARGIN), { decision: 'approved', reasons: [] })
})

t.test('declined: the document or the person is not genuine or does not match', async (t) => {
  for (const reason of ['check_digit_mismatch', 'mrz_invalid_field', 'document_expired', 'document_type_mismatch', 'viz_mrz_mismatch']) {
    t.same(decide('completed', { document: document(false, [reason]) }, MARGIN), { decision: 'declined', reasons: [reason] }, reason)
  }
  for (const reason of ['document_failed', 'first_name_mismatch', 'last_name_mismatch', 'date_of_birth_mismatch', 'document_number_mismatch', 'nationality_mismatch']) {
    t.same(decide('completed', { identity: identity(false, [reason]) }, MARGIN), { decision: 'declined', reasons: [reason] }, reason)
  }
  t.same(decide('completed', { face_match: faceMatch(0.3, ['below_threshold']) }, MARGIN), { decision: 'declined', reasons: ['below_threshold'] }, 'another person')
  for (const reason of ['spoof_suspected', 'different_person', 'action_not_performed', 'blink_not_shown', 'turn_left_not_shown']) {
    t.same(decide('completed', { liveness: liveness(false, [reason]) }, MARGIN), { decision: 'declined', reasons: [reason] }, reason)
  }
  t.same(decide('failed', {}, MARGIN), { decision: 'declined', reasons: ['verification_expired'] }, 'expired before its checks finished')
})

t.test('review: the automation cannot tell', async (t) => {
  t.same(decide('completed', { document: document(false, ['mrz_not_found']) }, MARGIN), { decision: 'review', reasons: ['mrz_not_found'] }, 'no readable zone')
  t.same(decide('completed', { document: document(true, [], false) }, MARGIN), { decision: 'review', reasons: ['viz_unread'] }, 'a page that could not be read')
  t.same(decide('completed', { identity: identity(false, ['last_name_partial_match']) }, MARGIN), { decision: 'review', reasons: ['last_name_partial_match'] }, 'a name that matches in part')
  t.same(decide('completed', { identity: identity(false, ['first_name_partial_match', 'date_of_birth_mismatch']) }, MARGIN), { decision: 'declined', reasons: ['date_of_birth_mismatch'] }, 'beside a mismatch, declined')
  // A page read whole that does not print a value of the zone: painted over, or hidden by glare.
  const mrz = { surname: 'MUELLER', given_names: 'ANNA MARIA', document_number: 'NW8K2P7R4', date_of_birth: '1985-03-14', expiration_date: '2034-06-01' }
  const printed = (fields: Record<string, string>) => {
    const d = document(true)
    return { ...d, details: { ...d.details, mrz, viz: { page_read: true, fields: { surname: 'match', given_names: 'match', document_number: 'match', date_of_birth: 'match', expiration_date: 'match', ...fields }, disagreeing: [] } } } as unknown as typeof d
  }
  t.same(decide('completed', { document: printed({}) }, MARGIN), { decision: 'approved', reasons: [] }, 'a page that prints every value of the zone')
  // Unexpired when uploaded, expired by the time the verification's last check finished.
  t.same(decide('completed', { document: printed({}) }, MARGIN, new Date('2034-06-01T23:00:00Z')), { decision: 'approved', reasons: [] }, 'valid on its last day')
  t.same(decide('completed', { document: printed({}) }, MARGIN, new Date('2034-06-02T00:00:00Z')), { decision: 'declined', reasons: ['document_expired'] }, 'expired before the decision')
  const alone = { ...identity(true), details: { document_expires_on: '2034-06-01' } } as unknown as ReturnType<typeof identity>
  t.same(decide('completed', { identity: alone }, MARGIN, new Date('2034-06-02T00:00:00Z')), { decision: 'declined', reasons: ['document_expired'] }, 'identity without document says when it expires')
  for (const field of ['surname', 'given_names', 'document_number', 'date_of_birth', 'expiration_date']) {
    t.same(decide('completed', { document: printed({ [field]: 'unread' }) }, MARGIN), { decision: 'review', reasons: ['viz_unconfirmed'] }, `a page read without its ${field}`)
  }
  t.same(decide('completed', { identity: identity(false, ['applicant_not_declared']) }, MARGIN), { decision: 'review', reasons: ['applicant_not_declared'] })
  t.same(decide('completed', { face_match: faceMatch(0.78) }, MARGIN), { decision: 'review', reasons: ['face_match_near_threshold'] }, 'passing within the margin')
  t.same(decide('completed', { face_match: faceMatch(0.72, ['below_threshold']) }, MARGIN), { decision: 'review', reasons: ['face_match_near_threshold'] }, 'failing within the margin')
  t.same(decide('completed', { face_match: faceMatch(0.81) }, MARGIN), { decision: 'approved', reasons: [] }, 'just past the margin: approved')
  t.same(
    decide('completed', { face_match: faceMatch(0.31, ['below_threshold', 'face_blurry']) }, MARGIN),
    { decision: 'review', reasons: ['face_blurry'] },
    'a low score from a blurred capture is a retake, not another person',
  )
  t.same(decide('completed', { liveness: liveness(false, ['image_blurred']) }, MARGIN), { decision: 'review', reasons: ['image_blurred'] })
  t.same(decide('completed', { liveness: liveness(true, [], [['paper_border', 0.52], ['face_detected', 0.51]]) }, MARGIN), { decision: 'review', reasons: ['liveness_near_threshold'] }, 'a replay signal passing within the margin')
  // Frames of one person whose lowest similarity falls just short of the threshold: a turned head.
  const frames = (score: number, reasons: string[]) => ({ ...liveness(false, reasons), checks: [{ name: 'same_person' as const, passed: false, score, threshold: 0.75 }] })
  t.same(decide('completed', { liveness: frames(0.7332, ['different_person']) }, MARGIN), { decision: 'review', reasons: ['liveness_near_threshold'] }, 'same_person just under its threshold')
  t.same(decide('completed', { liveness: frames(0.6, ['different_person']) }, MARGIN), { decision: 'declined', reasons: ['different_person'] }, 'same_person clearly under it')
  const passing = (score: number) => ({ ...liveness(true, []), checks: [{ name: 'same_person' as const, passed: true, score, threshold: 0.75 }] })
  t.same(decide('completed', { liveness: passing(0.769) }, MARGIN), { decision: 'review', reasons: ['liveness_near_threshold'] }, 'same_person just over its threshold')
  t.same(decide('completed', { liveness: passing(0.85) }, MARGIN), { decision: 'approved', reasons: [] }, 'same_person clearly over it')
  t.same(decide('completed', { liveness: frames(0.7332, ['different_person', 'smile_not_shown']) }, MARGIN), { decision: 'declined', reasons: ['smile_not_shown'] }, 'another reason still declines')
  t.same(decide('completed', { liveness: liveness(true, [], [['face_detected', 0.51], ['action_blink', 0.52]]) }, MARGIN), { decision: 'approved', reasons: [] }, 'only replay signals are scored against the margin')
})

t.test('results stored by an earlier version: a failure is never approved', async (t) => {
  t.same(decide('completed', { document: document(false, []) }, MARGIN), { decision: 'review', reasons: ['unexplained_failure'] }, 'a failure without a reason')
  t.same(decide('completed', { liveness: liveness(false, ['antispoof']) }, MARGIN), { decision: 'review', reasons: ['antispoof'] }, 'a reason no longer given')
  const legacy = { passed: true, reasons: [], document_id: 'doc_1', completed_at: at } as unknown as NonNullable<Results['document']>
  t.same(decide('completed', { document: legacy }, MARGIN), { decision: 'approved', reasons: [] }, 'a result without details')
})

t.test('a declining reason wins over reasons for review', async (t) => {
  t.same(decide('completed', { document: document(false, ['mrz_not_found']), liveness: liveness(false, ['spoof_suspected']) }, MARGIN), { decision: 'declined', reasons: ['spoof_suspected'] })
})

t.test('every reason code has a class', async (t) => {
  for (const [reason, cls] of Object.entries(REASON_CLASS)) t.ok(cls === 'declines' || cls === 'needs_review', reason)
})

t.test('review: a holder of 100 or more, whose century a zone cannot say', async (t) => {
  const now = new Date('2026-11-26T10:00:00.000Z')
  const born = (date: string) => {
    const d = document(true)
    // No printed page read (a zone sent as text with no photo of it: no concern of its own here).
    return { ...d, details: { ...d.details, mrz: { date_of_birth: date }, viz: undefined } } as typeof d
  }
  const holder = (date: string) => ({ ...identity(true), details: { holder: { date_of_birth: date } } }) as unknown as NonNullable<Results['identity']>
  t.same(decide('completed', { document: born('1926-11-26') }, MARGIN, now), { decision: 'review', reasons: ['birth_century_unconfirmed'] }, 'a hundred today')
  t.same(decide('completed', { document: born('1926-11-27') }, MARGIN, now), { decision: 'approved', reasons: [] }, 'a hundred tomorrow')
  // A child's zone (10: 2010) with a declared 1910: the identity check took the declared century.
  t.same(decide('completed', { document: born('2010-03-14'), identity: holder('1910-03-14') }, MARGIN, now), { decision: 'review', reasons: ['birth_century_unconfirmed'] })
  t.same(decide('completed', { document: born('1910-03-14'), identity: identity(false, ['date_of_birth_mismatch']) }, MARGIN, now).decision, 'declined', 'a declining reason wins')
})

t.test("a name mismatch against a zone name its page did not confirm is a person's to judge", async (t) => {
  const withNames = (surname: string, sentZone = false) => {
    const d = document(true)
    const viz = { page_read: true, fields: { surname, given_names: 'match', document_number: 'match', date_of_birth: 'match', expiration_date: 'match' }, disagreeing: [], ...(sentZone ? { sent_zone: { photo_zone: true, differs: [] } } : {}) }
    return { ...d, details: { ...d.details, viz } } as typeof d
  }
  const mismatch = identity(false, ['last_name_mismatch'])
  // OCR may misread a zone's name (no check digit guards it): when the page does not print it, review.
  t.same(decide('completed', { document: withNames('unread'), identity: mismatch }, MARGIN).decision, 'review')
  t.ok(decide('completed', { document: withNames('unread'), identity: mismatch }, MARGIN).reasons.includes('last_name_mismatch'), 'the reason is said')
  t.same(decide('completed', { document: withNames('match'), identity: mismatch }, MARGIN), { decision: 'declined', reasons: ['last_name_mismatch'] }, 'a name the page prints is the holder’s')
  t.same(decide('completed', { document: withNames('unread', true), identity: mismatch }, MARGIN).decision, 'declined', 'a zone sent as text is no OCR reading')
  t.same(decide('completed', { document: withNames('unread'), identity: identity(false, ['last_name_mismatch', 'date_of_birth_mismatch']) }, MARGIN), { decision: 'declined', reasons: ['date_of_birth_mismatch'] }, 'a date guarded by its check digit still declines')
  // The identity check alone (no document check stored): its own word that the page did not confirm the zone.
  t.same(decide('completed', { identity: identity(false, ['document_unconfirmed', 'last_name_mismatch']) }, MARGIN).decision, 'review')
})
