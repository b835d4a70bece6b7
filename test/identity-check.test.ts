// The identity check (src/domain/identity-check.ts) on a document's zone: names people type otherwise
// than the zone spells them are a person's to compare, not declined.
import t from 'tap'
import type { DocumentCheckResult } from '../generated/schemas.js'
import { identityCheck } from '../src/domain/identity-check.js'

const now = new Date('2026-11-28T10:00:00Z')
const documentOf = (nationality: string, surname: string, given: string) =>
  ({
    passed: true,
    reasons: [],
    document_id: 'doc_1',
    details: {
      document_type: 'passport',
      expired: false,
      mrz: {
        format: 'TD3', document_code: 'P', issuing_state: nationality, document_number: 'AB1234567', surname, given_names: given, nationality,
        date_of_birth: '1990-07-21', sex: 'F', expiration_date: '2031-01-01', optional_data: null,
        check_digits: { document_number: true, date_of_birth: true, expiration_date: true, composite: true },
      },
    },
    completed_at: now.toISOString(),
  }) as DocumentCheckResult

t.test('a Russian holder typing her name as she spells it is reviewed, not declined', async (t) => {
  const russian = identityCheck({ first_name: 'Yulia', last_name: 'Ivanova', date_of_birth: '1990-07-21' }, documentOf('RUS', 'IVANOVA', 'IULIIA'), now, true)
  t.same(russian.reasons, ['first_name_partial_match'])
  // The same spellings on a Dutch passport are another name.
  const dutch = identityCheck({ first_name: 'Yulia', last_name: 'Ivanova', date_of_birth: '1990-07-21' }, documentOf('NLD', 'IVANOVA', 'IULIIA'), now, true)
  t.same(dutch.reasons, ['first_name_mismatch'])
  const other = identityCheck({ first_name: 'Olga', last_name: 'Ivanova', date_of_birth: '1990-07-21' }, documentOf('RUS', 'IVANOVA', 'IULIIA'), now, true)
  t.same(other.reasons, ['first_name_mismatch'], 'another name still declines')
  const exact = identityCheck({ first_name: 'Iuliia', last_name: 'Ivanova', date_of_birth: '1990-07-21' }, documentOf('RUS', 'IVANOVA', 'IULIIA'), now, true)
  t.equal(exact.passed, true)
})
