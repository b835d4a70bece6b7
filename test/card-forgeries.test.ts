// Forged identity cards through the API: a zone of the forger's making on the back, the card's own
// front with marks written onto it (test/helpers/card-forgeries.ts). The front's own values under their
// labels must confirm the zone, however they are marked, padded or covered.
import t from 'tap'
import { build } from './helpers/build.js'
import { cardBack, cardFront, cardZone, refused, type Mark } from './helpers/card-forgeries.js'

t.test('a forged card zone is not confirmed by its genuine front, however its values are marked', async (t) => {
  const b = await build(t)
  const { key } = await b.createKey('card-forgeries', 'service')
  const holderOfCard = { first_name: 'Greta Luise', last_name: 'Schröder', date_of_birth: '1948-05-23' }
  // The zone on a back of the forger's making; the front the card's own, SCHRÖDER under Name / Surname
  // and 14.09.2031 under Gültig bis, marks written onto it. A forged value printed beside its label.
  const card = async (changes: Parameters<typeof cardZone>[0], marks: Mark[], declared: object) => {
    const vid = (await b.call('POST', '/verifications', { key, body: { checks: ['document', 'identity'], applicant: declared } })).json().id as string
    const body = { document_type: 'id_card', front_image: (await cardFront(marks)).toString('base64'), back_image: (await cardBack(cardZone(changes))).toString('base64') }
    const res = await b.call('POST', `/verifications/${vid}/documents`, { key, body })
    if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`)
    const v = (await b.call('GET', `/verifications/${vid}`, { key })).json()
    return { v, document: v.checks_results.document }
  }
  const surnameBeside: Mark = { text: 'SCHNEIDER', x: 472, y: 113, size: 25, patch: { x: 468, y: 88, w: 220, h: 30 } }
  const schneider = { ...holderOfCard, last_name: 'Schneider' }
  // The page's own surname padded with fillers to read as the forged zone's name line.
  refused(t, await card({ surname: 'SCHNEIDER' }, [{ text: '<<GRETA<LUISE<<<<<<', x: 468, y: 140, size: 16 }, surnameBeside], schneider), 'surname', 'SCHNEIDER', 'a value padded as a zone line is no zone')
  // The page's own expiry padded to read as the zone's first line, whose optional data spells it.
  const expiryBeside: Mark = { text: '14.09.2041', x: 950, y: 323, size: 18, patch: { x: 947, y: 303, w: 120, h: 25 } }
  const padded = [{ text: 'IDD<<LM4R7XC211', x: 560, y: 350, size: 16 }, { text: '<<<<<', x: 880, y: 350, size: 16 }, expiryBeside]
  refused(t, await card({ expiry: '410914', optional: '14<09<2031' }, padded, holderOfCard), 'expiration_date', '2041-09-14', 'the page’s own expiry under its label')
  // A label's words put after the page's own surname.
  refused(t, await card({ surname: 'SCHNEIDER' }, [{ text: '(BIRTH NAME)', x: 492, y: 140, size: 20 }, surnameBeside], schneider), 'surname', 'SCHNEIDER', 'SCHRÖDER (BIRTH NAME) is under the label')
  refused(t, await card({ surname: 'SCHNEIDER' }, [{ text: '1 (BIRTH NAME)', x: 488, y: 140, size: 20 }, surnameBeside], schneider), 'surname', 'SCHNEIDER', 'SCHRÖDER1 (BIRTH NAME) too')
  // A word written onto the surname's label, the forged name printed in a blank.
  const holderWord: Mark = { text: '(holder)', x: 460, y: 110, size: 15, label: true }
  refused(t, await card({ surname: 'SCHNEIDER' }, [holderWord, { text: 'SCHNEIDER', x: 720, y: 200, size: 25 }], schneider), 'surname', 'SCHNEIDER', 'SCHRÖDER under Name / Surname (holder)')
  // The card's own expiry made a validity's start: (from) written onto its label, the label made a
  // validity's (a card printing no issue date begins no validity after today), or words of a range
  // around the page's own expiry on its line (VOM 14.09.2031 BIS 14.09.2041).
  const later: Mark = { text: '- 14.09.2041', x: 885, y: 350, size: 25 }
  refused(t, await card({ expiry: '410914' }, [{ text: '(from)', x: 915, y: 320, size: 15, label: true }, later], holderOfCard), 'expiration_date', '2041-09-14', 'two dates under Date of expiry (from)')
  const range: Mark = { text: 'Gültig vom - bis / Valid from - until', x: 720, y: 320, size: 15, label: true, patch: { x: 716, y: 302, w: 300, h: 24 } }
  refused(t, await card({ expiry: '410914' }, [range, later], holderOfCard), 'expiration_date', '2041-09-14', 'a validity beginning in 2031')
  refused(t, await card({ expiry: '410914' }, [{ text: 'VOM', x: 660, y: 350, size: 25 }, { text: 'BIS 14.09.2041', x: 885, y: 350, size: 25 }], holderOfCard), 'expiration_date', '2041-09-14', 'VOM 14.09.2031 BIS under Date of expiry')
  // A note on the birth date's label that makes it another field's (in lieu), the page's own date spoilt.
  refused(t, await card({ dob: '580523' }, [{ text: '0', x: 489, y: 280, size: 25 }, { text: '(in lieu: 23.05.1958)', x: 530, y: 245, size: 13, label: true }], { ...holderOfCard, date_of_birth: '1958-05-23' }), 'date_of_birth', '1958-05-23', '23.05.19480 under Date of birth (in lieu: …)')
  // The stolen number on the number label's line, its start moved to that of another number's label
  // written before the card's own number (Tax-No. LM4R7XC21).
  const taxNo: Mark[] = [{ text: '(05)', x: 684, y: 110, size: 15, label: true }, { text: 'Tax-No.', x: 676, y: 140, size: 11, label: true }, { text: 'LK9T2W5P8', x: 952, y: 110, size: 15, label: true }]
  refused(t, await card({ number: 'LK9T2W5P8' }, taxNo, holderOfCard), 'document_number', 'LK9T2W5P8', '(05) Card No. LK9T2W5P8 over Tax-No. LM4R7XC21')
  // The card's own expiry covered with a word, the forged one in a blank.
  const extended: Mark[] = [{ text: 'VERLAENGERT', x: 720, y: 350, size: 25, patch: { x: 714, y: 326, w: 200, h: 32 } }, { text: '14.09.2041', x: 880, y: 440, size: 25 }]
  refused(t, await card({ expiry: '410914' }, extended, holderOfCard), 'expiration_date', '2041-09-14', 'VERLAENGERT under Gültig bis')
  // An issue's word put before the card's own expiry, a later one printed on its label's line.
  refused(t, await card({ expiry: '410914' }, [{ text: 'ISSUED', x: 600, y: 350, size: 25 }, expiryBeside], holderOfCard), 'expiration_date', '2041-09-14', 'ISSUED 14.09.2031 under Date of expiry')
  // A date spoilt by a digit, the forged one after it with a date's word: the label's date is unknown.
  refused(t, await card({ dob: '580523' }, [{ text: '0', x: 489, y: 280, size: 25 }, { text: '(Datum: 23.05.1958)', x: 512, y: 280, size: 15, label: true }], { ...holderOfCard, date_of_birth: '1958-05-23' }), 'date_of_birth', '1958-05-23', '23.05.19480 (Datum: …)')
  refused(t, await card({ expiry: '410914' }, [{ text: '0', x: 880, y: 350, size: 25 }, { text: '(Datum 14.09.2041)', x: 903, y: 350, size: 15, label: true }], holderOfCard), 'expiration_date', '2041-09-14', '14.09.20310 (Datum …)')
  // The page's own date spoilt by a digit (23.05.19480), the forged one printed after it on its line.
  refused(t, await card({ dob: '580523' }, [{ text: '0  (23.05.1958)', x: 489, y: 280, size: 25 }], { ...holderOfCard, date_of_birth: '1958-05-23' }), 'date_of_birth', '1958-05-23', 'a spoilt date under the label')
  refused(t, await card({ expiry: '410914' }, [{ text: '0 (14.09.2041)', x: 880, y: 350, size: 25 }], holderOfCard), 'expiration_date', '2041-09-14', 'a spoilt date under the label')
})
