// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.

import { Type, type Static, type TSchema } from '@sinclair/typebox'

/** An object whose every property is a `values` (see scripts/generate.ts: why not Type.Record). */
function StringMap<T extends TSchema>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<Record<string, Static<T>>>({ ...options, type: 'object', additionalProperties: values })
}

export const LivenessActionSchema = Type.Unsafe<"turn_left" | "turn_right" | "look_up" | "blink" | "smile" | "open_mouth">({"type":"string","enum":["turn_left","turn_right","look_up","blink","smile","open_mouth"]})
export type LivenessAction = Static<typeof LivenessActionSchema>

export const LivenessFrameSchema = Type.Object({ "action": LivenessActionSchema, "image": Type.String({"maxLength":14000000,"description":"Base64 JPEG, PNG or WebP; at most 10 MB decoded and 8,000 px a side."}) }, {"additionalProperties":false})
export type LivenessFrame = Static<typeof LivenessFrameSchema>

export const ActiveLivenessVerifyRequestSchema = Type.Object({ "challenge_id": Type.String({"maxLength":100}), "frames": Type.Array(LivenessFrameSchema, {"minItems":1,"maxItems":5}) }, {"additionalProperties":false})
export type ActiveLivenessVerifyRequest = Static<typeof ActiveLivenessVerifyRequestSchema>

export const RoleSchema = Type.Unsafe<"admin" | "service" | "readonly" | "auditor">({"type":"string","enum":["admin","service","readonly","auditor"],"description":"`admin`: everything. `service`: verifications, uploads, checks, its webhook. `readonly`: read verifications. `auditor`: read verifications, list keys, dashboard."})
export type Role = Static<typeof RoleSchema>

export const ApiKeySchema = Type.Object({ "id": Type.String({"description":"`key_<uuid>`."}), "client_name": Type.String(), "role": RoleSchema, "created_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false})
export type ApiKey = Static<typeof ApiKeySchema>

export const ApiKeyCreateRequestSchema = Type.Object({ "client_name": Type.String({"minLength":1,"maxLength":200,"description":"Client the key belongs to; 1 to 200 characters after trimming."}), "role": Type.Optional(RoleSchema) }, {"additionalProperties":false,"description":"`role` defaults to `service` when left out."})
export type ApiKeyCreateRequest = Static<typeof ApiKeyCreateRequestSchema>

export const ApiKeyCreatedSchema = Type.Object({ "id": Type.String({"description":"`key_<uuid>`."}), "client_name": Type.String(), "role": RoleSchema, "key": Type.String({"description":"The secret, `ivs_` followed by 43 base64url characters. Shown only in this response."}), "created_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false})
export type ApiKeyCreated = Static<typeof ApiKeyCreatedSchema>

export const ApplicantSchema = Type.Object({ "first_name": Type.Optional(Type.String({"minLength":1,"maxLength":100})), "last_name": Type.Optional(Type.String({"minLength":1,"maxLength":100})), "date_of_birth": Type.Optional(Type.String({"format":"date","description":"YYYY-MM-DD. Decided: a date after today (a day ahead of UTC at most), or before 1900-01-01, is refused, 400 `validation_error`."})), "document_number": Type.Optional(Type.String({"minLength":1,"maxLength":50})), "nationality": Type.Optional(Type.String({"pattern":"^[A-Z]{3}$","description":"ISO 3166-1 alpha-3 country code."})) }, {"additionalProperties":false,"description":"Data the applicant declared, compared by the `identity` check with the document. Names are compared case- and accent-insensitively with whitespace collapsed; the document number ignores spaces and `<` fillers; a field left out is not compared (its match is `null`)."})
export type Applicant = Static<typeof ApplicantSchema>

export const AuditActionSchema = Type.Unsafe<"api_key.created" | "api_key.revoked" | "webhook.configured" | "webhook_delivery.replayed" | "verification.reviewed" | "verification.redacted" | "verification.image_viewed" | "console.signed_in" | "console.signed_out">({"type":"string","enum":["api_key.created","api_key.revoked","webhook.configured","webhook_delivery.replayed","verification.reviewed","verification.redacted","verification.image_viewed","console.signed_in","console.signed_out"],"description":"A privileged action the audit log records (see `GET /admin/audit-events`)."})
export type AuditAction = Static<typeof AuditActionSchema>

export const AuditEventSchema = Type.Object({ "id": Type.String({"description":"`aud_<uuid>`."}), "action": AuditActionSchema, "actor_key_id": Type.String({"description":"The key that acted (`key_<uuid>`)."}), "actor_role": Type.Union([RoleSchema, Type.Null()], {"description":"The acting key's role; null for the service's own actions (`actor_key_id` `system`)."}), "actor_client_name": Type.String(), "target_type": Type.Unsafe<"api_key" | "webhook_delivery" | "verification">({"type":"string","enum":["api_key","webhook_delivery","verification"]}), "target_id": Type.String({"description":"The key, delivery or verification acted on."}), "request_id": Type.String({"description":"The `X-Request-Id` of the request that acted."}), "occurred_at": Type.String({"format":"date-time"}), "details": StringMap(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {"description":"Non-personal facts of the action: for `api_key.created` the new key's `role` and `client_name`; for `webhook.configured` `url_changed`, `secret_rotated` and `webhook_origin`; for `webhook_delivery.replayed` the new `delivery_id`; for `verification.reviewed` `decision` and `reason`; for `verification.image_viewed` `upload_id` and `kind`."}) }, {"additionalProperties":false,"description":"One entry of the audit log. Holds no personal data and no secret."})
export type AuditEvent = Static<typeof AuditEventSchema>

export const BiometricModelSchema = Type.Object({ "name": Type.String(), "version": Type.String() }, {"additionalProperties":false,"description":"The model that produced a biometric score, so the score can be interpreted later."})
export type BiometricModel = Static<typeof BiometricModelSchema>

export const CaptureLinkSchema = Type.Object({ "url": Type.String({"format":"uri"}), "expires_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false})
export type CaptureLink = Static<typeof CaptureLinkSchema>

export const CaptureLinkRequestSchema = Type.Object({ "return_url": Type.Optional(Type.String({"format":"uri","maxLength":2048,"description":"Absolute `https` URL (or `http` to a loopback host) the page sends the person to at the end, with `verification_id` appended."})), "expires_in": Type.Optional(Type.Integer({"minimum":60,"maximum":86400,"description":"Seconds the link stays valid; 3600 when left out."})), "allow_upload": Type.Optional(Type.Boolean({"description":"The page also offers files from the device's gallery, not only the live camera; false when left out."})) }, {"additionalProperties":false})
export type CaptureLinkRequest = Static<typeof CaptureLinkRequestSchema>

export const CheckNameSchema = Type.Unsafe<"identity" | "document" | "face_match" | "liveness">({"type":"string","enum":["identity","document","face_match","liveness"],"description":"A check a verification can request."})
export type CheckName = Static<typeof CheckNameSchema>

export const RetakeReasonSchema = Type.Unsafe<"document_not_found" | "image_blurry" | "too_dark" | "glare" | "document_too_small" | "no_face" | "multiple_faces" | "face_blurry" | "face_too_dark">({"type":"string","enum":["document_not_found","image_blurry","too_dark","glare","document_too_small","no_face","multiple_faces","face_blurry","face_too_dark"],"description":"Why a photo must be taken again (on a 422 `unprocessable` upload's `details`, and in a verification's `last_error`), measured from the image: `document_not_found` (the photo is of next to one shade: no page in it), `image_blurry` (its text edges are too soft to read), `too_dark` (even its brightest part, the paper, is dark), `glare` (a large part of it is blown out to white), `document_too_small` (the document's text takes under 5 % of the photo: too far away for its zone to be read). Sharpness, light and glare are measured on the region where the document's text was found, the whole photo when none was. A selfie (`uploadSelfie`) that cannot be judged is refused the same way: `no_face`, `multiple_faces` (a selfie shows one person), `face_blurry` (its face's sharpness under 2: far past the `face_blurry` of a face match), `face_too_dark` (its face's mean grey under 25 of 255). These say how the photo was taken, never that the document is bad or the person another."})
export type RetakeReason = Static<typeof RetakeReasonSchema>

export const VerificationLastErrorSchema = Type.Object({ "code": Type.Unsafe<"document_unreadable" | "selfie_unusable" | "frames_unusable">({"type":"string","enum":["document_unreadable","selfie_unusable","frames_unusable"]}), "message": Type.String(), "reasons": Type.Array(RetakeReasonSchema), "occurred_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false,"description":"The last capture this verification refused because it must be taken again (a 422 upload); null when there was none, or once an upload of the same kind has been accepted since."})
export type VerificationLastError = Static<typeof VerificationLastErrorSchema>

export const VerificationStatusSchema = Type.Unsafe<"pending" | "completed" | "failed">({"type":"string","enum":["pending","completed","failed"],"description":"`pending` until every requested check has finished (then `completed`, whatever the outcomes) or the session expires (then `failed`)."})
export type VerificationStatus = Static<typeof VerificationStatusSchema>

export const CaptureProgressSchema = Type.Object({ "verification_id": Type.String(), "status": VerificationStatusSchema, "checks": Type.Array(CheckNameSchema), "finished_checks": Type.Array(CheckNameSchema, {"description":"The requested checks that have a result (passed or not; the results themselves are not shown here)."}), "last_error": Type.Union([VerificationLastErrorSchema, Type.Null()]) }, {"additionalProperties":false})
export type CaptureProgress = Static<typeof CaptureProgressSchema>

export const DocumentTypeSchema = Type.Unsafe<"passport" | "id_card" | "residence_permit" | "visa" | "other">({"type":"string","enum":["passport","id_card","residence_permit","visa","other"]})
export type DocumentType = Static<typeof DocumentTypeSchema>

export const MrzCheckDigitsSchema = Type.Object({ "document_number": Type.Boolean(), "date_of_birth": Type.Boolean(), "expiration_date": Type.Union([Type.Boolean(), Type.Null()], {"description":"Null for the French identity card, whose MRZ has no expiry (it follows from the month of issue)."}), "composite": Type.Union([Type.Boolean(), Type.Null()], {"description":"Null for formats without a composite check digit (MRVA, MRVB)."}) }, {"additionalProperties":false,"description":"Whether each check digit matches."})
export type MrzCheckDigits = Static<typeof MrzCheckDigitsSchema>

export const MrzFormatSchema = Type.Unsafe<"TD1" | "TD2" | "TD3" | "MRVA" | "MRVB">({"type":"string","enum":["TD1","TD2","TD3","MRVA","MRVB"],"description":"ICAO 9303 layout."})
export type MrzFormat = Static<typeof MrzFormatSchema>

export const MrzDataSchema = Type.Object({ "format": MrzFormatSchema, "document_code": Type.Union([Type.String(), Type.Null()]), "issuing_state": Type.Union([Type.String(), Type.Null()]), "document_number": Type.Union([Type.String(), Type.Null()]), "surname": Type.Union([Type.String(), Type.Null()]), "given_names": Type.Union([Type.String(), Type.Null()]), "nationality": Type.Union([Type.String(), Type.Null()]), "date_of_birth": Type.Union([Type.String(), Type.Null()], {"description":"YYYY-MM-DD."}), "sex": Type.Union([Type.String(), Type.Null()], {"description":"`M`, `F` or `X`."}), "expiration_date": Type.Union([Type.String(), Type.Null()], {"description":"YYYY-MM-DD."}), "optional_data": Type.Union([Type.String(), Type.Null()]), "check_digits": MrzCheckDigitsSchema }, {"additionalProperties":false,"description":"Fields read from the machine-readable zone, `<` fillers removed (inner fillers become spaces); null when empty or unreadable. Dates are YYYY-MM-DD: a birth year is placed in the latest century that does not put it in the future, an expiry year in 20YY unless that is more than 20 years ahead, then 19YY (`991231` is 1999-12-31: no document is valid that long). Sex `X` and `<` are both `X` (unspecified). Visas: MRV-A (2 × 44) and MRV-B (2 × 36), whose optional data has no check digit and which have no composite one. The French national identity card of 1988–2021 (2 × 36, `IDFRA…`) is reported as `TD2`: its 12-character number as printed, nationality `FRA`, its administrative code as `optional_data`, and an expiry worked out from the month of issue that begins its number (10 years; 15 for an adult's card issued from 2004), taken as the last day before that month's anniversary since the day is not in the zone."})
export type MrzData = Static<typeof MrzDataSchema>

export const VizFieldSchema = Type.Unsafe<"surname" | "given_names" | "document_number" | "date_of_birth" | "expiration_date">({"type":"string","enum":["surname","given_names","document_number","date_of_birth","expiration_date"]})
export type VizField = Static<typeof VizFieldSchema>

export const VizFieldStatusSchema = Type.Unsafe<"match" | "near" | "mismatch" | "unread">({"type":"string","enum":["match","near","mismatch","unread"],"description":"`match`: printed as in the MRZ: letter for letter, a name also as ICAO transliterates it (MÜLLER for `MUELLER` or `MULLER`) or as OCR reads it without its diacritics (SCHRODER for `SCHROEDER`), in a line of names (and labels) alone, not inside another field, and where the page labels the name (Surname, Naam, Nom …; a label's word of five letters or more also as OCR misreads small type, rn or rm read as m, n as m, l as i: Sumame, Voomamen, Glven; a name a letter away from a label's word, JAMES or BARNES, is no label; a line holding a word of the name's label is that label whatever else it holds, Surname (holder), and its own line is one of its lines, Surname MÜLLER), as the whole value of a line printed right under each such label or right after it in its row (labels left of their values), given names run onto the line right under it read with it (a surname only when its first line has 20 letters or more in words of two letters or more, too long for its field, whatever pads it), and every line of words printed there that holds no label's word (or, under the label, a word none of the zone's names, whatever digit is put onto it, before a label's words: MÜLLER (BIRTH NAME), MÜLLER1 NAME) and is no date (its words months' beside a date) that name, whatever digit, mark, word or date is put onto it (a second name printed in the label's row or under it, beside the page's own, leaves the name unconfirmed; on a page read without its layout, one of the few lines read after the label prints it); a line's parts either side of a slash are one name's two spellings only on the page of a state printing names in its own script and in Latin letters (ИВАНОВА/IVANOVA; the zone's issuing state, where the page also names that state in Latin letters on a line holding none of the zone's names: RUSSIAN FEDERATION, HELLENIC), as is a line of its own script with the Latin line right under it: elsewhere a name after a slash (MÜLLER/ KRAMER) is a second name; a date as the earliest date the page prints for a birth, the latest for an expiry, on a page that prints at most one other date (the issue), between the two, within 16 years of the expiry and not after the day of the check (a validity beginning later is an expiry made its start) (a date added to a page leaves the page's own among the others, and a date printed twice counts twice; where the page's layout is read and no label names the expiry, its label misread, that other date is under the issue's or a validity's label, or the zone's expiry the only date under or after a label still saying it labels a date (Date o, Datum): a card printing no issue date is not revived by a later date added in a blank or beside its own expiry's label, and a page whose date labels are all misread goes to review); and where the page labels a date (Date of birth, Geboortedatum, Date of expiry, Gültig bis …), the date under that label (words put after a date, 09 FEB 2019 UPDATED, or before it where its line begins left of the label, ISSUED 14.09.2021, do not make it another label's; a label naming the expiry, Date of expiry or Caducidad, is the expiry's whatever is put onto it, and a validity's label names its first date's word before its last's, Valid from - until), no other date there, and not under the label of another date or field (a date printed over the date of issue or the place of birth). A label's values are the line printed right under it, the line right after it in its row (labels left of their values), and the label's own line. A line with its own label beside it is not the value of the label above it when that label names no date, or prints its own date after its words and nothing more, over that line (labels beside their values, read as one line); a date's label otherwise keeps the line under it, whatever is printed beside that line or before the label. The labels of a row and the dates under them go together in the order printed (two columns read as one line): when the row prints more dates than it has labels, each date counts as under each label, and with fewer, the label's date must be one of the row's. Every line in a date's row and in the row above it, and in the row under a date's label, is read for this, whatever its size; a label over digits that read as no date (a date spoilt, whatever field's word is put onto it: a month's word or six digits), also beside a date on their line (23.05.19480 (23.05.1958), whatever label's words are put before that date; under a label saying only that it labels a date, both birth and expiry), or a date whose every label is over nothing read and beside nothing, or over words alone (its value covered, or a word printed over it: VERLENGD), leaves its date unknown (`near`). A date in words is a day, months' words alone (in one language or several, a first one in another script) and a year: a name between a month and a year makes no date. A document number likewise: where the page labels it (Documentnummer, Card No., N°, whatever digits number the label, and whatever else its line holds), every line under the label or beside it that prints a number prints the zone's exactly (whole, or in groups, beside no other number; a date on the same line is no part of it), and so does what follows the label on its own line where that line prints a number (Passport No. YGT726RPV), and a number with a label's words put after it, or before it under a label over its value (BSN No. NW8K2P7R4), is still the label's value, as is a number line under the label beginning more than two characters' widths apart from it, or any on a page printing its labels over their values (where a label over a line of words alone, ZIE BLZ / SEE PAGE, shows no number); a label naming another number too (Document No. and Personal No. read as one line) labels both columns, and the number printed under its words naming the document's number (Documentnummer, Card No.; where the lines' lengths place them, the two values read as one line too) is the zone's. Otherwise a copy printed elsewhere is only `near`. A limit: a label in words the check does not know (other languages, a label misread or reprinted) says nothing of its date, text added into a row of labels changes their order, a given name printed on the line under the page's own reads as the same names run onto two lines, and a surname that is a label's word (DATE, CARD, or one as OCR misreads it: MANES) is the value under its label only on a page printing its labels in small letters and its values in capitals (elsewhere it reads as a label, so that a name printed beside its label is the only one there). `near` (decided): found, but confirming nothing, since a zone changed a letter at a time reads the same: a value within OCR's noise of it (a letter in a value of 5 to 9 characters, two in a longer one), the same but for letters OCR or spelling take for one another (GROSS for `GROS`, 8 for B and 0 for O in a number), the same letters with a space the page's reading lost (the line is read again, cut a little thicker and thinner, and a reading printing the zone's words with their spaces, letter for letter, confirms it) or the zone added (JOSEPHINE for `JOSE<PHINE`), or a date printed as another date of the page (a birth date that is the date of issue). A verification whose page shows a value only `near` goes to review (`viz_unconfirmed`). `mismatch`: printed otherwise; `unread`: not found on the page. A limit: OCR does not read diacritics, so a zone with an E put after an A, O or U (`RAFAEL` for a page's RAFAL) cannot be told from a transliteration."})
export type VizFieldStatus = Static<typeof VizFieldStatusSchema>

export const VizCrossCheckSchema = Type.Object({ "page_read": Type.Boolean(), "fields": Type.Object({ "surname": VizFieldStatusSchema, "given_names": VizFieldStatusSchema, "document_number": VizFieldStatusSchema, "date_of_birth": VizFieldStatusSchema, "expiration_date": VizFieldStatusSchema }, {"additionalProperties":false}), "disagreeing": Type.Array(VizFieldSchema), "two_digit_years": Type.Optional(Type.Array(Type.Unsafe<"date_of_birth" | "expiration_date">({"type":"string","enum":["date_of_birth","expiration_date"]}), {"description":"Decided: present only when a date was found printed with a two-digit year and its month in words (British passports: `14 MAR /MARS 85`), the dates so found. Such a date confirms the zone's day, month and year digits when the page agrees with the zone's two dates, which say their centuries: birth and expiry printed as two dates, and every other date printed (the issue) between them in some century; otherwise it is `near`. It says nothing of the century: the identity check's rule for a birth a century before the zone's reading (a declared `1924-03-14` for a zone's `240314`) still applies, as when the page does not print the date."})), "sent_zone": Type.Optional(Type.Object({ "photo_zone": Type.Boolean(), "differs": Type.Array(Type.Unsafe<"document_code" | "issuing_state" | "surname" | "given_names" | "document_number" | "nationality" | "date_of_birth" | "sex" | "expiration_date" | "optional_data" | "check_digits">({"type":"string","enum":["document_code","issuing_state","surname","given_names","document_number","nationality","date_of_birth","sex","expiration_date","optional_data","check_digits"]})) }, {"additionalProperties":false,"description":"Decided: present only with an MRZ sent as text. How it stands against the zone the photo shows, as OCR read it (the back's when a back was sent and shows one). `photo_zone` false: the photo shows none, so nothing confirms the fields the page is not compared on (nationality, issuing state, sex), and the decision sends the verification to review (`mrz_text_unconfirmed`; send the side that shows the zone). `differs`: what the photo's zone has otherwise, and `check_digits` when one of the photo's fails; one of the two readings is wrong and nothing says which, so the decision sends it to review (`mrz_text_differs`). A number or date that differs from a photo's zone whose check digits all hold is also `mismatch` in `fields`, which declines."})) }, {"additionalProperties":false,"description":"The printed page (the visual inspection zone) read by the same OCR and compared with the MRZ, whether the MRZ was read from the photo or sent as text; the page is the front's, wherever the zone was read. Only the page's own text counts: above the zone, as wide as the zone and as high as a data page is for its width, when the photo shows the zone; else the group of lines around those that print the zone's values. Neither the zone's own lines (whatever their optional fields hold) nor text beside the document (a note on the desk) confirms a value; a line of the page is the zone's only where it reads as a line of the zone (on a front read against a zone from elsewhere, where it shows the whole zone, one line under another), so a value with `<` written after it (MÜLLER<<<<), or padded to read as one line of the zone, is still the page's value under its label, and a line in the row of a name or number, or in the row under it, is read however long it is (a name run on with other words). With an MRZ sent as text, the photo's own zone counts too (`sent_zone`). A value printed within OCR's noise of the zone's is `near`: found, not confirmed. The page disagrees (reason `viz_mrz_mismatch`, the fields in `disagreeing`) when it prints a name without what the MRZ adds to it (a zone's `<` fillers misread as letters), or when it was read (`page_read`: its labels were, or it shows every field the MRZ has) and shows at most one of the five fields, `match` or `near` (a page painted over, or another person's). A page that does not read well disagrees with nothing: `page_read` false, fields `unread`."})
export type VizCrossCheck = Static<typeof VizCrossCheckSchema>

export const DocumentCheckDetailsSchema = Type.Object({ "document_type": DocumentTypeSchema, "mrz": Type.Union([MrzDataSchema, Type.Null()], {"description":"The MRZ read or sent; null when none could be read."}), "expired": Type.Union([Type.Boolean(), Type.Null()], {"description":"Whether the expiration date is in the past; null when unknown."}), "viz": Type.Optional(VizCrossCheckSchema) }, {"additionalProperties":false})
export type DocumentCheckDetails = Static<typeof DocumentCheckDetailsSchema>

export const DocumentCheckResultSchema = Type.Object({ "passed": Type.Boolean(), "reasons": Type.Array(Type.Unsafe<"mrz_not_found" | "check_digit_mismatch" | "mrz_invalid_field" | "document_expired" | "expiration_date_unreadable" | "document_type_mismatch" | "viz_mrz_mismatch">({"type":"string","enum":["mrz_not_found","check_digit_mismatch","mrz_invalid_field","document_expired","expiration_date_unreadable","document_type_mismatch","viz_mrz_mismatch"]}), {"description":"snake_case codes saying why the check did not pass; empty when passed."}), "document_id": Type.String({"description":"The upload (`doc_<uuid>`) that was checked."}), "details": DocumentCheckDetailsSchema, "completed_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false,"description":"Result of the `document` check. Fails on a check-digit mismatch, an expired document, or no readable MRZ. `reasons`: `mrz_not_found` (no MRZ could be read from the images), `check_digit_mismatch` (a check digit does not hold: see `details.mrz.check_digits`), `mrz_invalid_field` (a field the parser rejects, such as an impossible date, or a name holding the zone's `<` fillers misread as K: three K's in a row, or two ending it), `document_expired`, `expiration_date_unreadable`, `viz_mrz_mismatch` (the printed page disagrees with the MRZ: see `details.viz`), and `document_type_mismatch` (the MRZ's document code does not fit the declared `document_type`: `P` passport; `I`, `A`, `C` id_card; also `R` residence_permit; `V` visa; `other` takes any). MRZs are read by PaddleOCR models on the CPU, in worker threads; an MRZ sent as text is parsed as is. Formats TD1, TD2 and TD3. A limit: the check reads text. It judges the zone and whether the page's own text confirms it, not the document's make (layout, fonts, security printing): a counterfeit whose page and zone agree, even a plain sheet printing the values and a zone, passes it; so does a page with text added onto it, in the rows of its names, that prints the forged zone's names (a sticker): a name is looked for in the few lines read after its label (a row may hold two columns), not at its field's exact place. Face match (the portrait on the page) and a person's review are what stand against those."})
export type DocumentCheckResult = Static<typeof DocumentCheckResultSchema>

export const FaceMatchCheckResultSchema = Type.Object({ "passed": Type.Boolean(), "reasons": Type.Array(Type.Unsafe<"no_face_in_document" | "no_face_in_selfie" | "multiple_faces" | "below_threshold" | "face_too_small" | "face_blurry" | "face_too_dark" | "face_not_frontal" | "face_occluded">({"type":"string","enum":["no_face_in_document","no_face_in_selfie","multiple_faces","below_threshold","face_too_small","face_blurry","face_too_dark","face_not_frontal","face_occluded"]}), {"description":"snake_case codes saying why the check did not pass; empty when passed."}), "score": Type.Union([Type.Number({"minimum":0,"maximum":1}), Type.Null()], {"description":"Similarity from 0 to 1; null when a face could not be found in one of the images."}), "threshold": Type.Number({"minimum":0,"maximum":1,"description":"The configured similarity needed to pass."}), "document_id": Type.String({"description":"The document upload compared (`doc_<uuid>`)."}), "selfie_id": Type.String({"description":"The selfie upload compared (`doc_<uuid>`)."}), "model": BiometricModelSchema, "completed_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false,"description":"Result of the `face_match` check: passes when `score` is at least `threshold` (`FACE_MATCH_THRESHOLD`, default 0.75). `score` is the cosine similarity of the two faces' embeddings (`model`: @vladmandic/human's faceres, 1024 numbers), each taken from a crop around the face re-detected at full resolution; the largest face of the document is its portrait. Decided: only faces on the document's page count: a zone's page is drawn around the lines that read as the zone, as wide as they are and as high as a data page is for that width, turned as the photo is, and must hold most of the lines read as printed; a front whose zone is on the back (or sent as text) is the group of lines lying close together that prints the zone's values, a tenth larger each way; for face match alone (neither `document` nor `identity` requested, the page's lines found but not read), the largest such group, as far as its lines reach and a fiftieth more (a face held over the page's edge, its centre off the page, is no portrait). A photo in which no page is found (under four lines of text: a face photographed alone, a page too blurred or too small) has no portrait (`no_face_in_document`). A face beside the page (held up next to the document, or the person holding it) is no portrait; a page whose portrait is covered, or a photo that shows the zone twice (a copy of it elsewhere), has `no_face_in_document`. A page photographed upside down or on its side has its faces found with the photo turned by the quarter turn that sets the page upright (an upside-down portrait is not found, or read as another face): the way its lines read, by the vote of OCR's direction classifier (on a page whose zone is read, the way the zone reads). `reasons`: `no_face_in_document`, `no_face_in_selfie`, `multiple_faces` (more than one face in the selfie; decided: or faces of more than one person in the document photo, such as a face held up beside the document, which would otherwise be compared as its portrait: a second face whose similarity to the largest is under 0.6, or under `threshold` if that is lower; a second print of the same portrait, a ghost image, even faint, is no other person), `below_threshold`. Decided: a score below the threshold comes with the reasons either face was captured too poorly to be judged (the score is still reported), so that a client asks for a retake rather than concluding another person. These face quality codes are measured on the face's own pixels: its box under 80 px on its short side (`face_too_small`), its sharpness (RMS of the Laplacian per unit of contrast) under 5 (`face_blurry`), its mean grey under 50 of 255 (`face_too_dark`: kept low so that dark skin in good light is not called dark), its yaw or pitch over 25° (`face_not_frontal`, judged on selfies and frames only), or the band of its eyes or of its mouth far darker than the face (`face_occluded`: a dark band, glasses, a hand; a light mask is not told apart). They say how the photo was taken, never that the person differs."})
export type FaceMatchCheckResult = Static<typeof FaceMatchCheckResultSchema>

export const IdentityHolderSchema = Type.Object({ "first_name": Type.Union([Type.String(), Type.Null()]), "last_name": Type.Union([Type.String(), Type.Null()]), "date_of_birth": Type.Union([Type.String(), Type.Null()], {"description":"YYYY-MM-DD."}), "document_number": Type.Union([Type.String(), Type.Null()]), "nationality": Type.Union([Type.String(), Type.Null()]) }, {"additionalProperties":false,"description":"Holder data taken from the document; null where the document did not give it."})
export type IdentityHolder = Static<typeof IdentityHolderSchema>

export const IdentityMatchesSchema = Type.Object({ "first_name": Type.Union([Type.Boolean(), Type.Null()]), "last_name": Type.Union([Type.Boolean(), Type.Null()]), "date_of_birth": Type.Union([Type.Boolean(), Type.Null()]), "document_number": Type.Union([Type.Boolean(), Type.Null()]), "nationality": Type.Union([Type.Boolean(), Type.Null()]) }, {"additionalProperties":false,"description":"Per declared applicant field, whether it matches the document; null when the applicant did not declare it."})
export type IdentityMatches = Static<typeof IdentityMatchesSchema>

export const IdentityCheckDetailsSchema = Type.Object({ "holder": Type.Union([IdentityHolderSchema, Type.Null()], {"description":"The document holder's data compared; null once the verification is redacted."}), "matches": IdentityMatchesSchema, "document_expires_on": Type.Optional(Type.Union([Type.String({"format":"date"}), Type.Null()], {"description":"Decided (additive): the compared document's expiry date, as its zone gives it; null when none was read. The decision, made when the verification finishes, declines a document that expired since its upload (`document_expired`), also when `document` was not requested."})) }, {"additionalProperties":false})
export type IdentityCheckDetails = Static<typeof IdentityCheckDetailsSchema>

export const IdentityCheckResultSchema = Type.Object({ "passed": Type.Boolean(), "reasons": Type.Array(Type.Unsafe<"no_document" | "document_failed" | "document_unconfirmed" | "applicant_not_declared" | "first_name_mismatch" | "last_name_mismatch" | "first_name_partial_match" | "last_name_partial_match" | "date_of_birth_mismatch" | "document_number_mismatch" | "nationality_mismatch">({"type":"string","enum":["no_document","document_failed","document_unconfirmed","applicant_not_declared","first_name_mismatch","last_name_mismatch","first_name_partial_match","last_name_partial_match","date_of_birth_mismatch","document_number_mismatch","nationality_mismatch"]}), {"description":"snake_case codes saying why the check did not pass; empty when passed."}), "document_id": Type.Union([Type.String(), Type.Null()], {"description":"The upload compared; null when no document was read."}), "details": IdentityCheckDetailsSchema, "completed_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false,"description":"Result of the `identity` check. Fails on any mismatch, on a failed document, or when no document was read (then `no_document` alone: the declared fields are `false` in `matches`, as nothing confirms them, but nothing read is no mismatch). `reasons` examples: `first_name_mismatch`, `date_of_birth_mismatch`, `document_failed`, `no_document`, `applicant_not_declared` (the verification declared no applicant data to compare), `document_unconfirmed` (decided: only when `identity` was requested without `document`, whose result is then not stored: the document passed, but its printed page could not be read or does not print the zone's values, or the zone sent as text differs from the photo's or no photo shows it, what the decision calls `viz_unread`, `viz_unconfirmed`, `mrz_text_differs` or `mrz_text_unconfirmed`; the holder data is not taken from a zone no page confirms). Names compare the way ICAO 9303 Part 3 writes them in an MRZ: upper case, diacritics removed, its transliterations of Latin letters (Ü → UE or U, ß → SS, Ø → OE or O, Đ → D or DJ …), Cyrillic (Щ → SHCH, Ю → IU …) and Greek (Θ → TH, ΟΥ → OU …), apostrophes omitted (O'Brien = OBRIEN; a filler is accepted too), hyphens and spaces as fillers. A declared first name matches the MRZ's given names or their first ones. When the MRZ's name field is full, its last name may have been cut to fit: a declared name that begins with it matches (decided: a surname only when it took half the field or more, or no more than initials follow it; a short surname before given names that fill the field was written whole). A name field with no `<<` holds a surname alone: `given_names` is null. `nationality` `DEU` matches the MRZ's `D`; a limit: the zone's nationality (like its issuing state and sex) is guarded by no check digit and compared with no value of the printed page, so a zone whose nationality alone was changed is not seen. Decided: a zone writes the year of birth in two digits, read as the latest century that puts it in the past; a declared date of birth a century earlier on the same day (1924-03-14 for a zone's 240314) matches, and is the holder's date reported, unless the printed page shows the date with its century (a page printing 2015 is not a holder born in 1915); the document check's `details.mrz.date_of_birth` is in the century its printed page gives, when the page prints the same day a century earlier. A `document_number` compares without spaces or dashes, case aside, with the letters O and I taken for the digits 0 and 1 (they print alike, and people type one for the other). Decided: a declared name that does not match but matches in part fails with `first_name_partial_match` or `last_name_partial_match` instead of `*_mismatch` (its `matches` entry is still `false`), which the decision sends to review, not decline: the same letters once the two-letter transliterations AE, OE, UE, AA are read as one letter and spaces are dropped (Muller for `MUELLER`, Vanderberg for `VAN DER BERG`); every word of one side among the other's, words of one letter aside (Smith for `SMITH JONES`, Maria for `ANNA MARIA`); initials in the place of the zone's words (A. M. for `ANNA MARIA`, v.d. Berg for `VAN DER BERG`); for a holder whose state writes names in another alphabet (Cyrillic, Greek, Arabic, Asian scripts: the zone's nationality), another Latin spelling of the same name (Yulia for `IULIIA`, Alexander for `ALEKSANDR`: the same consonants once letters such spellings trade are made one); a name holding a word in letters no zone writes, or mixing Latin, Cyrillic or Greek letters in a word (a letter that only looks Latin), whose other words are the zone's; or the declared first and last names exchanged (both fields then say so). Invisible format characters (a zero-width space, a soft hyphen) are no part of a name."})
export type IdentityCheckResult = Static<typeof IdentityCheckResultSchema>

export const LivenessSignalSchema = Type.Object({ "name": Type.Unsafe<"face_detected" | "single_face" | "image_quality" | "screen_pattern" | "print_tones" | "paper_border" | "glare" | "antispoof" | "action_turn_left" | "action_turn_right" | "action_look_up" | "action_blink" | "action_smile" | "action_open_mouth" | "same_person" | "depth_motion">({"type":"string","enum":["face_detected","single_face","image_quality","screen_pattern","print_tones","paper_border","glare","antispoof","action_turn_left","action_turn_right","action_look_up","action_blink","action_smile","action_open_mouth","same_person","depth_motion"]}), "passed": Type.Boolean(), "score": Type.Union([Type.Number({"minimum":0,"maximum":1}), Type.Null()], {"description":"From 0 to 1; null for a signal that is only pass or fail."}), "threshold": Type.Optional(Type.Number({"minimum":0,"maximum":1,"description":"Decided (additive): the score the signal needs to pass, where it is compared with a setting: `same_person` (`FACE_MATCH_THRESHOLD`). Within `REVIEW_MARGIN` of it, below or above, the verification goes to review (`liveness_near_threshold`) rather than being declined or approved."})) }, {"additionalProperties":false,"description":"One liveness signal, e.g. `face_detected`, `single_face`, `image_quality`, the presentation-attack signals (`screen_pattern`, `print_tones`, `paper_border`, `glare`), `same_person`, `depth_motion`, and `action_<action>` for each action of an active challenge. `antispoof` appears only in results made before 2026-11-26 (a model's score that did not tell replays from live faces)."})
export type LivenessSignal = Static<typeof LivenessSignalSchema>

export const LivenessCheckResultSchema = Type.Object({ "passed": Type.Boolean(), "reasons": Type.Array(Type.Unsafe<"no_face" | "multiple_faces" | "image_too_small" | "image_blurred" | "image_underexposed" | "image_overexposed" | "spoof_suspected" | "depth_unmeasured" | "glare" | "action_not_performed" | "turn_left_not_shown" | "turn_right_not_shown" | "look_up_not_shown" | "blink_not_shown" | "smile_not_shown" | "open_mouth_not_shown" | "different_person" | "face_too_small" | "face_blurry" | "face_too_dark" | "face_not_frontal" | "face_occluded">({"type":"string","enum":["no_face","multiple_faces","image_too_small","image_blurred","image_underexposed","image_overexposed","spoof_suspected","depth_unmeasured","glare","action_not_performed","turn_left_not_shown","turn_right_not_shown","look_up_not_shown","blink_not_shown","smile_not_shown","open_mouth_not_shown","different_person","face_too_small","face_blurry","face_too_dark","face_not_frontal","face_occluded"]}), {"description":"snake_case codes saying why the check did not pass; empty when passed."}), "score": Type.Number({"minimum":0,"maximum":1,"description":"Overall liveness score from 0 to 1."}), "checks": Type.Array(LivenessSignalSchema, {"description":"One item per signal."}), "selfie_id": Type.Union([Type.String(), Type.Null()], {"description":"The selfie examined or compared against; null when none was used."}), "challenge_id": Type.Union([Type.String(), Type.Null()], {"description":"The active challenge verified; null for passive liveness."}), "model": BiometricModelSchema, "completed_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false,"description":"Result of the `liveness` check, passive (on a selfie: `selfie_id` set, `challenge_id` null) or active (`challenge_id` set). Passive signals: `face_detected` (score: detector confidence), `single_face`, `image_quality` (the image at least 240 px on its short side, the face 80 px: `face_too_small`, sharpness from the Laplacian, mean grey level 40–225), and what a photo of a screen or of a print carries that a live face does not: `screen_pattern` (a periodic pattern over the face, a screen's pixel grid or its moiré, from the spectrum of its grey and colour), `print_tones` (the face's darkest tones far above black for its brightest, as ink on paper has them), `paper_border` (a sheet's straight edges with bare paper beside them on more than one side of the face) and `glare` (a clipped patch over 5 % of the face, a glossy screen's or print's reflection). Each of those scores 1 for nothing of the attack and 0.5 at its threshold; the first three fail with `spoof_suspected`, `glare` with `glare` (the photo may be retaken away from the light). Their error rates on the service's attack set are in BENCHMARKS.md. `score` is the mean of the signals' scores. `reasons`: `no_face`, `multiple_faces`, `image_too_small`, `image_blurred`, `image_underexposed`, `image_overexposed`, `spoof_suspected`, `depth_unmeasured` (review: see the verify operation), `glare`, `action_not_performed`, `<action>_not_shown`, `different_person`, and the face quality codes of `FaceMatchCheckResult` (`face_too_small`, `face_blurry`, `face_too_dark`, `face_not_frontal`, `face_occluded`), which fail `image_quality`."})
export type LivenessCheckResult = Static<typeof LivenessCheckResultSchema>

export const ChecksResultsSchema = Type.Object({ "document": Type.Optional(DocumentCheckResultSchema), "identity": Type.Optional(IdentityCheckResultSchema), "face_match": Type.Optional(FaceMatchCheckResultSchema), "liveness": Type.Optional(LivenessCheckResultSchema) }, {"additionalProperties":false,"description":"Results keyed by check name. Only finished, requested checks appear. Decided: the checks of one verification judge one document and one selfie. A document or selfie uploaded, or a result that judged another document or selfie (`document_id`, `selfie_id`) than an earlier result, takes that earlier result out, and its check is pending again: a document or selfie sent after a face match makes the match pending until `POST /verifications/{id}/face-match` is run again (and a selfie sent after liveness, the liveness check), so that a verdict never rests on a face matched against another document, or on a live person other than the one matched."})
export type ChecksResults = Static<typeof ChecksResultsSchema>

export const ConsoleCsrfTokenSchema = Type.String({"maxLength":100,"description":"The token the console's page put in its form: required when the form is posted with the session cookie (it proves the form came from the console's own page), ignored with a Bearer header."})
export type ConsoleCsrfToken = Static<typeof ConsoleCsrfTokenSchema>

export const DocumentUploadRequestSchema = Type.Object({ "document_type": DocumentTypeSchema, "front_image": Type.String({"maxLength":14000000,"description":"Base64 JPEG, PNG or WebP; at most 10 MB decoded and 8,000 px a side."}), "back_image": Type.Optional(Type.String({"maxLength":14000000,"description":"Base64 JPEG, PNG or WebP of the back side (ID cards); same limits."})), "mrz": Type.Optional(Type.String({"maxLength":300,"description":"MRZ text from an on-device reader, lines separated by `\\n`; judged as sent instead of the zone read from the images, which must agree with it (`VizCrossCheck`)."})) }, {"additionalProperties":false})
export type DocumentUploadRequest = Static<typeof DocumentUploadRequestSchema>

export const DocumentUploadedSchema = Type.Object({ "document_id": Type.String({"description":"`doc_<uuid>`."}), "verification_id": Type.String(), "document_type": DocumentTypeSchema, "created_at": Type.String({"format":"date-time"}), "verification_status": VerificationStatusSchema, "checks_results": ChecksResultsSchema }, {"additionalProperties":false})
export type DocumentUploaded = Static<typeof DocumentUploadedSchema>

export const ValidationIssueSchema = Type.Object({ "path": Type.String({"description":"JSON Pointer to the offending value (for example `/checks/1`; `\"\"` for the whole body)."}), "message": Type.String(), "reason": Type.Optional(RetakeReasonSchema) }, {"additionalProperties":false})
export type ValidationIssue = Static<typeof ValidationIssueSchema>

export const ErrorBodySchema = Type.Object({ "code": Type.Unsafe<"validation_error" | "unauthorized" | "forbidden" | "not_found" | "request_timeout" | "conflict" | "payload_too_large" | "unsupported_media_type" | "unprocessable" | "headers_too_large" | "rate_limited" | "internal_error" | "not_implemented" | "service_unavailable" | "overloaded">({"type":"string","enum":["validation_error","unauthorized","forbidden","not_found","request_timeout","conflict","payload_too_large","unsupported_media_type","unprocessable","headers_too_large","rate_limited","internal_error","not_implemented","service_unavailable","overloaded"],"description":"Machine-readable snake_case code, one per status: `validation_error` (400), `unauthorized`\n(401), `forbidden` (403), `not_found` (404), `request_timeout` (408: the request did not\narrive within `HEADERS_TIMEOUT`/`BODY_TIMEOUT`; the connection is closed), `conflict` (409),\n`payload_too_large` (413), `unsupported_media_type` (415), `unprocessable` (422),\n`headers_too_large` (431), `rate_limited` (429), `internal_error` (500), `not_implemented`\n(501), `service_unavailable` (503 while the instance shuts down), `overloaded` (503). A\nlater version may add codes (see Versioning): treat an unknown one by its status.\n"}), "message": Type.String({"description":"Human-readable sentence. For 403 exactly `insufficient permissions: <role> requires <permission>`; for 5xx only \"internal error\" and the request id."}), "details": Type.Optional(Type.Array(ValidationIssueSchema, {"description":"Validation issues; present on `validation_error`, and on an `unprocessable` upload whose photo must be taken again (each issue then carries its `reason`)."})) }, {"additionalProperties":false})
export type ErrorBody = Static<typeof ErrorBodySchema>

export const ErrorResponseSchema = Type.Object({ "error": ErrorBodySchema }, {"additionalProperties":false,"description":"Body of every error response."})
export type ErrorResponse = Static<typeof ErrorResponseSchema>

export const FaceMatchRequestSchema = Type.Object({ "document_id": Type.Optional(Type.String({"maxLength":100,"description":"Document upload to compare; default the latest."})), "selfie_id": Type.Optional(Type.String({"maxLength":100,"description":"Selfie upload to compare; default the latest."})) }, {"additionalProperties":false})
export type FaceMatchRequest = Static<typeof FaceMatchRequestSchema>

export const HealthSchema = Type.Object({ "status": Type.Unsafe<"ok">({"type":"string","enum":["ok"]}) }, {"additionalProperties":false})
export type Health = Static<typeof HealthSchema>

export const LivenessChallengeSchema = Type.Object({ "challenge_id": Type.String({"description":"`lch_<uuid>`."}), "verification_id": Type.String(), "actions": Type.Array(LivenessActionSchema, {"minItems":2,"maxItems":4,"description":"The actions to perform, in this order. At least one is a head movement (`turn_left`, `turn_right` or `look_up`): the `depth_motion` signal judges its frame. Never an action the selfie already shows (a smile, an open mouth, closed eyes)."}), "expires_at": Type.String({"format":"date-time","description":"Two minutes after creation."}) }, {"additionalProperties":false})
export type LivenessChallenge = Static<typeof LivenessChallengeSchema>

export const MetadataSchema = StringMap(Type.String({"maxLength":500}), {"description":"Caller-defined string pairs, echoed back unchanged: up to 20 keys, each key 1 to 40 characters, each value up to 500 characters. More keys or a longer key is 400."})
export type Metadata = Static<typeof MetadataSchema>

export const ReadinessSchema = Type.Object({ "status": Type.Unsafe<"ok" | "unavailable">({"type":"string","enum":["ok","unavailable"]}), "database": Type.Unsafe<"ok" | "unavailable">({"type":"string","enum":["ok","unavailable"]}) }, {"additionalProperties":false})
export type Readiness = Static<typeof ReadinessSchema>

export const ReviewRequestSchema = Type.Object({ "decision": Type.Unsafe<"approved" | "declined">({"type":"string","enum":["approved","declined"]}), "reason": Type.String({"minLength":1,"maxLength":100,"pattern":"^[a-z][a-z0-9_]*$","description":"A snake_case code saying why, recorded as the decision's reason."}), "note": Type.Optional(Type.String({"maxLength":2000,"description":"Free text for the record."})) }, {"additionalProperties":false})
export type ReviewRequest = Static<typeof ReviewRequestSchema>

export const SelfieUploadRequestSchema = Type.Object({ "image": Type.String({"maxLength":14000000,"description":"Base64 JPEG, PNG or WebP; at most 10 MB decoded and 8,000 px a side."}) }, {"additionalProperties":false})
export type SelfieUploadRequest = Static<typeof SelfieUploadRequestSchema>

export const SelfieUploadedSchema = Type.Object({ "document_id": Type.String({"description":"`doc_<uuid>`; selfies share the id space of documents."}), "verification_id": Type.String(), "document_type": Type.Unsafe<"selfie">({"type":"string","enum":["selfie"]}), "created_at": Type.String({"format":"date-time"}) }, {"additionalProperties":false})
export type SelfieUploaded = Static<typeof SelfieUploadedSchema>

export const StatusOkSchema = Type.Object({ "status": Type.Unsafe<"ok">({"type":"string","enum":["ok"]}) }, {"additionalProperties":false})
export type StatusOk = Static<typeof StatusOkSchema>

export const VerificationDecisionSchema = Type.Union([Type.Unsafe<"approved" | "declined" | "review" | null>({"type":"string","enum":["approved","declined","review",null]}), Type.Null()], {"description":"Decided (additive; `status` keeps its meaning): whether the person is verified, worked out when the\nverification finishes, by one table (`src/domain/decision.ts`). `null` while pending.\n- `approved`: every requested check passed, none within `REVIEW_MARGIN` (default 0.05) of its\n  threshold.\n- `declined`: a check failed for a reason that means the document or the person is not genuine or\n  does not match: `check_digit_mismatch`, `mrz_invalid_field`, `document_expired` (also a\n  document that passed at its upload and expired before the verification finished),\n  `document_type_mismatch`, `viz_mrz_mismatch`; `document_failed` and every `*_mismatch` of\n  identity (not its `*_partial_match`; and `first_name_mismatch` or `last_name_mismatch` only\n  for a name sent as text or printed on the page as the zone has it: a name OCR read from a\n  zone its page does not confirm may be misread, and is reviewed with that reason); `below_threshold` (a face match further than the margin below its threshold, from\n  captures of good quality);\n  `spoof_suspected`, `different_person`, `action_not_performed` and every `*_not_shown` of\n  liveness. Also a verification that expired before its checks finished (`failed`:\n  `verification_expired`), or whose personal data was erased before they finished (`failed`:\n  `verification_redacted`).\n- `review`: the automation cannot tell, and a person should look: a check failed only for\n  reasons of capture or missing data (`mrz_not_found`, `expiration_date_unreadable`,\n  `no_document`, `applicant_not_declared`, `document_unconfirmed`, `no_face*`, `multiple_faces`, `depth_unmeasured`,\n  `face_*` quality reasons, `image_*`, `glare`) or for a declared name that matches in part\n  (`first_name_partial_match`, `last_name_partial_match`); a face match score within the margin of its threshold, passing\n  or not (`face_match_near_threshold`); a presentation-attack signal that passed within the\n  margin of its threshold, or a `same_person` score within the margin of its, passing or not\n  (`liveness_near_threshold`); an MRZ sent as text that the photo's own zone does not have\n  as sent (`mrz_text_differs`), or whose photo shows no zone (`mrz_text_unconfirmed`); a document that passed while its printed\n  page could not be read (`viz_unread`), or was read but does not print one of the zone's\n  values (names, number, dates) as the zone has it, which OCR cannot tell from a value painted\n  over or hidden by glare (`viz_unconfirmed`); a date of birth that makes the holder 100 or\n  older (`birth_century_unconfirmed`: a zone writes two digits of year, read as the latest\n  century that puts the birth in the past; a birth a century earlier comes from the printed page\n  or the declared date, where one changed digit would make an adult of a child); a failed check whose reasons this table does not\n  know, or that has none (results stored by an earlier version: `unexplained_failure`).\nA declining reason wins over reasons for review.\n"})
export type VerificationDecision = Static<typeof VerificationDecisionSchema>

export const VerificationSchema = Type.Object({ "id": Type.String({"description":"`vry_<uuid v4>`, lowercase."}), "status": VerificationStatusSchema, "client_reference": Type.Union([Type.String({"maxLength":255}), Type.Null()]), "redirect_url": Type.String({"description":"Always `\"\"`; reserved for a hosted capture page."}), "checks": Type.Array(CheckNameSchema, {"description":"The requested checks."}), "checks_results": ChecksResultsSchema, "metadata": Type.Union([MetadataSchema, Type.Null()], {"description":"The metadata sent at creation; null once the verification is redacted (decided)."}), "created_at": Type.String({"format":"date-time"}), "completed_at": Type.Union([Type.String({"format":"date-time"}), Type.Null()], {"description":"When the last requested check finished; null while pending and for a `failed` (expired) verification."}), "expires_at": Type.String({"format":"date-time","description":"`created_at` plus `VERIFICATION_TTL` (default 7 days); a verification still pending then becomes `failed`."}), "last_error": Type.Optional(Type.Union([VerificationLastErrorSchema, Type.Null()], {"description":"Decided (additive, as Stripe's sessions have it): the last photo this verification refused because it must be taken again, so that the person can retake it while the verification is pending; null when there is none."})), "decision": Type.Optional(VerificationDecisionSchema), "decision_reasons": Type.Optional(Type.Array(Type.String(), {"description":"Why the decision was taken: the reasons that decline it, else those that call for review (check reasons, or `verification_expired`, `face_match_near_threshold`, `liveness_near_threshold`, `mrz_text_differs`, `mrz_text_unconfirmed`, `viz_unread`, `viz_unconfirmed`, `birth_century_unconfirmed`, `unexplained_failure`); empty when approved or pending."})), "decided_by": Type.Optional(Type.Union([Type.String(), Type.Null()], {"description":"`auto` for the automatic decision; null while pending."})), "decided_at": Type.Optional(Type.Union([Type.String({"format":"date-time"}), Type.Null()], {"description":"When the decision was taken; null while pending."})), "decision_note": Type.Optional(Type.Union([Type.String(), Type.Null()], {"description":"The reviewer's note (`POST /verifications/{id}/review`); null otherwise, and once redacted."})), "redacted_at": Type.Optional(Type.Union([Type.String({"format":"date-time"}), Type.Null()], {"description":"Decided (additive): when the verification's personal data was erased (`POST /verifications/{id}/redact`, or `RESULT_RETENTION`); null until then."})) }, {"additionalProperties":false,"description":"A verification session."})
export type Verification = Static<typeof VerificationSchema>

export const VerificationCreateRequestSchema = Type.Object({ "checks": Type.Array(CheckNameSchema, {"minItems":1,"maxItems":4,"uniqueItems":true,"description":"The checks to run, 1 to 4 unique names."}), "client_reference": Type.Optional(Type.Union([Type.String({"maxLength":255}), Type.Null()], {"description":"The caller's own reference; `null` when not given."})), "applicant": Type.Optional(ApplicantSchema), "metadata": Type.Optional(MetadataSchema) }, {"additionalProperties":false})
export type VerificationCreateRequest = Static<typeof VerificationCreateRequestSchema>

export const VerificationSummarySchema = Type.Object({ "id": Type.String({"description":"`vry_<uuid v4>`."}), "status": VerificationStatusSchema, "client_reference": Type.Union([Type.String({"maxLength":255}), Type.Null()]), "checks": Type.Array(CheckNameSchema), "created_at": Type.String({"format":"date-time"}), "completed_at": Type.Union([Type.String({"format":"date-time"}), Type.Null()]), "decision": Type.Optional(VerificationDecisionSchema) }, {"additionalProperties":false,"description":"A verification as listed by `GET /verifications`."})
export type VerificationSummary = Static<typeof VerificationSummarySchema>

export const WebhookConfigSavedSchema = Type.Object({ "status": Type.Unsafe<"ok">({"type":"string","enum":["ok"]}), "webhook_secret": Type.Optional(Type.String({"description":"The secret made for `generate_secret: true`; shown only in this answer."})) }, {"additionalProperties":false})
export type WebhookConfigSaved = Static<typeof WebhookConfigSavedSchema>

export const WebhookConfigUpdateSchema = Type.Object({ "webhook_url": Type.Optional(Type.Union([Type.String({"format":"uri","maxLength":2048}), Type.Null()], {"description":"Absolute http(s) URL that receives events; null turns delivery off."})), "webhook_secret": Type.Optional(Type.String({"minLength":1,"maxLength":256,"description":"HMAC-SHA256 secret. `whsec_<base64>` (Standard Webhooks) keys `webhook-signature` with its decoded bytes; any other secret with its UTF-8 bytes. Never returned."})), "generate_secret": Type.Optional(Type.Boolean({"description":"`true`: the service makes a `whsec_` secret and returns it once, in the answer's `webhook_secret`. Not together with `webhook_secret`."})) }, {"additionalProperties":false,"description":"A field left out keeps its stored value."})
export type WebhookConfigUpdate = Static<typeof WebhookConfigUpdateSchema>

export const WebhookDeliveryStatusSchema = Type.Unsafe<"pending" | "delivered" | "failed">({"type":"string","enum":["pending","delivered","failed"],"description":"`pending` (queued or waiting for its due time), `delivered`, `failed`."})
export type WebhookDeliveryStatus = Static<typeof WebhookDeliveryStatusSchema>

export const WebhookDeliverySchema = Type.Object({ "id": Type.String({"description":"`whd_<uuid>`."}), "event_id": Type.String({"description":"`evt_<uuid>`, the `id` of the payload and the `webhook-id` header."}), "verification_id": Type.String(), "event_type": Type.Unsafe<"verification.completed" | "verification.failed" | "verification.reviewed" | "verification.redacted">({"type":"string","enum":["verification.completed","verification.failed","verification.reviewed","verification.redacted"],"description":"`verification.completed`, `verification.failed`, `verification.reviewed` or `verification.redacted`."}), "webhook_url": Type.String({"description":"Target URL of this attempt."}), "status": WebhookDeliveryStatusSchema, "status_code": Type.Union([Type.Integer(), Type.Null()], {"description":"HTTP status of the receiver's answer; null when no answer came (or not yet sent)."}), "attempt": Type.Integer({"minimum":1,"maximum":4,"description":"Attempt number, 1 to 4 (the first attempt plus 3 retries)."}), "max_attempts": Type.Integer({"description":"Number of retries after the first attempt; always 3."}), "error": Type.Union([Type.Unsafe<"unexpected_status" | "timeout" | "connection_error" | "blocked_address" | "webhook_disabled" | null>({"type":"string","enum":["unexpected_status","timeout","connection_error","blocked_address","webhook_disabled",null]}), Type.Null()], {"description":"Why the attempt failed: `unexpected_status` (see `status_code`; redirects included), `timeout`, `connection_error`, `blocked_address`, or `webhook_disabled` (the key's URL was removed before the attempt was due; no more retries follow); null otherwise."}), "replay_of": Type.Union([Type.String(), Type.Null()], {"description":"The delivery this one replays; null for an original delivery."}), "created_at": Type.String({"format":"date-time"}), "delivered_at": Type.Union([Type.String({"format":"date-time"}), Type.Null()], {"description":"When a 2xx answer was received; null unless `status` is `delivered`."}) }, {"additionalProperties":false,"description":"One delivery attempt."})
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>

export const WebhookEventSchema = Type.Object({ "id": Type.String({"description":"`evt_<uuid>`; also sent as `webhook-id`."}), "event": Type.Unsafe<"verification.completed" | "verification.failed" | "verification.reviewed" | "verification.redacted">({"type":"string","enum":["verification.completed","verification.failed","verification.reviewed","verification.redacted"]}), "verification_id": Type.String({"description":"`vry_<uuid>`."}), "status": VerificationStatusSchema, "timestamp": Type.String({"format":"date-time","description":"When the verification reached this status."}), "decision": Type.Optional(VerificationDecisionSchema) }, {"additionalProperties":false,"description":"Payload of a webhook delivery."})
export type WebhookEvent = Static<typeof WebhookEventSchema>

export const WebhookReplayAcceptedSchema = Type.Object({ "new_delivery_id": Type.String({"description":"`whd_<uuid>` of the queued delivery."}) }, {"additionalProperties":false})
export type WebhookReplayAccepted = Static<typeof WebhookReplayAcceptedSchema>

export const WebhookReplayRequestSchema = Type.Object({ "delivery_id": Type.String({"maxLength":100,"description":"Id (`whd_<uuid>`) of a delivery of the calling key."}) }, {"additionalProperties":false})
export type WebhookReplayRequest = Static<typeof WebhookReplayRequestSchema>

export const listVerificationsRoute = {
  querystring: Type.Object({ "limit": Type.Optional(Type.Integer({"minimum":1,"maximum":100,"default":20})), "offset": Type.Optional(Type.Integer({"minimum":0,"maximum":1000000,"default":0})), "status": Type.Optional(Type.Unsafe<"pending" | "completed" | "failed">({"type":"string","enum":["pending","completed","failed"]})), "decision": Type.Optional(Type.Unsafe<"approved" | "declined" | "review">({"type":"string","enum":["approved","declined","review"]})) }, { additionalProperties: false }),
  response: {
    200: Type.Array(VerificationSummarySchema),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type ListVerificationsQuerystring = Static<typeof listVerificationsRoute.querystring>

export const createVerificationRoute = {
  headers: Type.Object({ "idempotency-key": Type.Optional(Type.String({"minLength":1,"maxLength":255})) }, { additionalProperties: true }),
  body: VerificationCreateRequestSchema,
  response: {
    201: VerificationSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type CreateVerificationHeaders = Static<typeof createVerificationRoute.headers>
export type CreateVerificationBody = Static<typeof createVerificationRoute.body>

export const getVerificationRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  response: {
    200: VerificationSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type GetVerificationParams = Static<typeof getVerificationRoute.params>

export const reviewVerificationRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: ReviewRequestSchema,
  response: {
    200: VerificationSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type ReviewVerificationParams = Static<typeof reviewVerificationRoute.params>
export type ReviewVerificationBody = Static<typeof reviewVerificationRoute.body>

export const redactVerificationRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  response: {
    200: VerificationSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type RedactVerificationParams = Static<typeof redactVerificationRoute.params>

export const createCaptureLinkRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: CaptureLinkRequestSchema,
  response: {
    201: CaptureLinkSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type CreateCaptureLinkParams = Static<typeof createCaptureLinkRoute.params>
export type CreateCaptureLinkBody = Static<typeof createCaptureLinkRoute.body>

export const getCaptureProgressRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  response: {
    200: CaptureProgressSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type GetCaptureProgressParams = Static<typeof getCaptureProgressRoute.params>

export const uploadDocumentJson = DocumentUploadRequestSchema
export const uploadDocumentForm = Type.Object({ "document_type": DocumentTypeSchema, "front_image": Type.Unsafe<Buffer>({"format":"binary","description":"The photo's file, JPEG, PNG or WebP; at most 10 MB, 8,000 px a side."}), "back_image": Type.Optional(Type.Unsafe<Buffer>({"format":"binary","description":"The back side's file (ID cards); same limits."})), "mrz": Type.Optional(Type.String({"maxLength":300,"description":"MRZ text from an on-device reader, lines separated by `\\n`; judged as sent instead of the zone read from the images, which must agree with it (`VizCrossCheck`)."})) }, {"additionalProperties":false})
export const uploadDocumentRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: { content: { 'application/json': { schema: uploadDocumentJson }, 'multipart/form-data': { schema: uploadDocumentForm } } },
  response: {
    201: DocumentUploadedSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    422: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type UploadDocumentParams = Static<typeof uploadDocumentRoute.params>
export type UploadDocumentBody = Static<typeof uploadDocumentJson>
export type UploadDocumentForm = Static<typeof uploadDocumentForm>

export const uploadSelfieJson = SelfieUploadRequestSchema
export const uploadSelfieForm = Type.Object({ "image": Type.Unsafe<Buffer>({"format":"binary","description":"The selfie's file, JPEG, PNG or WebP; at most 10 MB, 8,000 px a side."}) }, {"additionalProperties":false})
export const uploadSelfieRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: { content: { 'application/json': { schema: uploadSelfieJson }, 'multipart/form-data': { schema: uploadSelfieForm } } },
  response: {
    201: SelfieUploadedSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    422: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type UploadSelfieParams = Static<typeof uploadSelfieRoute.params>
export type UploadSelfieBody = Static<typeof uploadSelfieJson>
export type UploadSelfieForm = Static<typeof uploadSelfieForm>

export const runFaceMatchRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: FaceMatchRequestSchema,
  response: {
    200: FaceMatchCheckResultSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type RunFaceMatchParams = Static<typeof runFaceMatchRoute.params>
export type RunFaceMatchBody = Static<typeof runFaceMatchRoute.body>

export const runDocumentLivenessRoute = {
  params: Type.Object({ "id": Type.String(), "doc_id": Type.String() }, { additionalProperties: false }),
  response: {
    200: LivenessCheckResultSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type RunDocumentLivenessParams = Static<typeof runDocumentLivenessRoute.params>

export const createLivenessChallengeRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  response: {
    201: LivenessChallengeSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type CreateLivenessChallengeParams = Static<typeof createLivenessChallengeRoute.params>

export const verifyActiveLivenessJson = ActiveLivenessVerifyRequestSchema
export const verifyActiveLivenessForm = Type.Object({ "challenge_id": Type.String({"maxLength":100}), "action": Type.Array(LivenessActionSchema, {"minItems":1,"maxItems":5,"description":"One part per frame, in order; the n-th `action` is the action of the n-th `image`."}), "image": Type.Array(Type.Unsafe<Buffer>({"format":"binary"}), {"minItems":1,"maxItems":5,"description":"One file part per frame (JPEG, PNG or WebP; at most 10 MB, 8,000 px a side each), as many as `action` parts."}) }, {"additionalProperties":false})
export const verifyActiveLivenessRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: { content: { 'application/json': { schema: verifyActiveLivenessJson }, 'multipart/form-data': { schema: verifyActiveLivenessForm } } },
  response: {
    200: LivenessCheckResultSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    422: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type VerifyActiveLivenessParams = Static<typeof verifyActiveLivenessRoute.params>
export type VerifyActiveLivenessBody = Static<typeof verifyActiveLivenessJson>
export type VerifyActiveLivenessForm = Static<typeof verifyActiveLivenessForm>

export const listAuditEventsRoute = {
  querystring: Type.Object({ "limit": Type.Optional(Type.Integer({"minimum":1,"maximum":100,"default":20})), "offset": Type.Optional(Type.Integer({"minimum":0,"maximum":1000000,"default":0})), "action": Type.Optional(AuditActionSchema), "actor": Type.Optional(Type.String({"maxLength":100})), "target": Type.Optional(Type.String({"maxLength":100})) }, { additionalProperties: false }),
  response: {
    200: Type.Array(AuditEventSchema),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type ListAuditEventsQuerystring = Static<typeof listAuditEventsRoute.querystring>

export const listApiKeysRoute = {
  response: {
    200: Type.Array(ApiKeySchema),
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const

export const createApiKeyRoute = {
  body: ApiKeyCreateRequestSchema,
  response: {
    201: ApiKeyCreatedSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type CreateApiKeyBody = Static<typeof createApiKeyRoute.body>

export const revokeApiKeyRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  response: {
    200: StatusOkSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type RevokeApiKeyParams = Static<typeof revokeApiKeyRoute.params>

export const getDashboardRoute = {
  querystring: Type.Object({ "status": Type.Optional(VerificationStatusSchema), "decision": Type.Optional(Type.Unsafe<"approved" | "declined" | "review">({"type":"string","enum":["approved","declined","review"]})), "check": Type.Optional(CheckNameSchema), "outcome": Type.Optional(Type.Unsafe<"passed" | "failed" | "pending">({"type":"string","enum":["passed","failed","pending"]})), "client": Type.Optional(Type.String({"maxLength":200})), "from": Type.Optional(Type.String({"format":"date","pattern":"^(19[7-9][0-9]|2[0-9]{3})-"})), "to": Type.Optional(Type.String({"format":"date","pattern":"^(19[7-9][0-9]|2[0-9]{3})-"})), "q": Type.Optional(Type.String({"maxLength":255})), "page": Type.Optional(Type.Integer({"minimum":1,"maximum":40000,"default":1})) }, { additionalProperties: false }),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type GetDashboardQuerystring = Static<typeof getDashboardRoute.querystring>

export const getConsoleVerificationRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  querystring: Type.Object({ "show": Type.Optional(Type.String({"maxLength":120,"pattern":"^doc_[0-9a-f-]{36}\\.(front|back)$"})) }, { additionalProperties: false }),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type GetConsoleVerificationParams = Static<typeof getConsoleVerificationRoute.params>
export type GetConsoleVerificationQuerystring = Static<typeof getConsoleVerificationRoute.querystring>

export const getConsoleImageRoute = {
  params: Type.Object({ "id": Type.String(), "upload_id": Type.String(), "side": Type.Unsafe<"front" | "back">({"type":"string","enum":["front","back"]}) }, { additionalProperties: false }),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type GetConsoleImageParams = Static<typeof getConsoleImageRoute.params>

export const reviewConsoleVerificationRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: Type.Object({ "decision": Type.Unsafe<"approved" | "declined">({"type":"string","enum":["approved","declined"]}), "reason": Type.String({"minLength":1,"pattern":"^[a-z][a-z0-9_]*$"}), "note": Type.Optional(Type.String({"maxLength":2000})), "csrf": Type.Optional(ConsoleCsrfTokenSchema) }, {"additionalProperties":false}),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type ReviewConsoleVerificationParams = Static<typeof reviewConsoleVerificationRoute.params>
export type ReviewConsoleVerificationBody = Static<typeof reviewConsoleVerificationRoute.body>

export const redactConsoleVerificationRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: Type.Object({ "confirm": Type.Unsafe<"erase">({"type":"string","enum":["erase"],"description":"The operator's confirmation that the erasure cannot be undone."}), "csrf": Type.Optional(ConsoleCsrfTokenSchema) }, {"additionalProperties":false}),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type RedactConsoleVerificationParams = Static<typeof redactConsoleVerificationRoute.params>
export type RedactConsoleVerificationBody = Static<typeof redactConsoleVerificationRoute.body>

export const getConsoleKeysRoute = {
  response: {
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const

export const createConsoleKeyRoute = {
  body: Type.Object({ "client_name": Type.String({"minLength":1,"maxLength":200}), "role": Type.Optional(RoleSchema), "csrf": Type.Optional(ConsoleCsrfTokenSchema) }, {"additionalProperties":false}),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type CreateConsoleKeyBody = Static<typeof createConsoleKeyRoute.body>

export const revokeConsoleKeyRoute = {
  params: Type.Object({ "id": Type.String() }, { additionalProperties: false }),
  body: Type.Object({ "csrf": Type.Optional(ConsoleCsrfTokenSchema) }, {"additionalProperties":false}),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type RevokeConsoleKeyParams = Static<typeof revokeConsoleKeyRoute.params>
export type RevokeConsoleKeyBody = Static<typeof revokeConsoleKeyRoute.body>

export const getConsoleWebhooksRoute = {
  response: {
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const

export const replayConsoleDeliveryRoute = {
  body: Type.Object({ "delivery_id": Type.String({"maxLength":100}), "csrf": Type.Optional(ConsoleCsrfTokenSchema) }, {"additionalProperties":false}),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type ReplayConsoleDeliveryBody = Static<typeof replayConsoleDeliveryRoute.body>

export const getConsoleAuditRoute = {
  querystring: Type.Object({ "action": Type.Optional(AuditActionSchema), "actor": Type.Optional(Type.String({"maxLength":100})), "target": Type.Optional(Type.String({"maxLength":100})), "page": Type.Optional(Type.Integer({"minimum":1,"maximum":40000,"default":1})) }, { additionalProperties: false }),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type GetConsoleAuditQuerystring = Static<typeof getConsoleAuditRoute.querystring>

export const signInDashboardRoute = {
  body: Type.Object({ "api_key": Type.String({"maxLength":200,"description":"An API key (`ivs_` and 43 base64url characters)."}) }, {"additionalProperties":false}),
  response: {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type SignInDashboardBody = Static<typeof signInDashboardRoute.body>

export const signOutDashboardRoute = {
  response: {
    403: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const

export const getDashboardStylesheetRoute = {

} as const

export const getCapturePageRoute = {
  params: Type.Object({ "token": Type.String() }, { additionalProperties: false }),
  response: {
    400: ErrorResponseSchema,
  },
} as const
export type GetCapturePageParams = Static<typeof getCapturePageRoute.params>

export const getCaptureScriptRoute = {

} as const

export const getCaptureStylesheetRoute = {

} as const

export const updateWebhookConfigRoute = {
  body: WebhookConfigUpdateSchema,
  response: {
    200: WebhookConfigSavedSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type UpdateWebhookConfigBody = Static<typeof updateWebhookConfigRoute.body>

export const listWebhookDeliveriesRoute = {
  response: {
    200: Type.Array(WebhookDeliverySchema, {"maxItems":50}),
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const

export const replayWebhookDeliveryRoute = {
  body: WebhookReplayRequestSchema,
  response: {
    202: WebhookReplayAcceptedSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
    500: ErrorResponseSchema,
    503: ErrorResponseSchema,
  },
} as const
export type ReplayWebhookDeliveryBody = Static<typeof replayWebhookDeliveryRoute.body>

export const getHealthRoute = {
  response: {
    200: HealthSchema,
  },
} as const

export const getMetricsRoute = {
  response: {
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    500: ErrorResponseSchema,
  },
} as const

export const getReadinessRoute = {
  response: {
    200: ReadinessSchema,
    503: ReadinessSchema,
  },
} as const

/** Every operation of openapi.yaml: routes are registered from this table and checked against it. */
export const operations = {
  listVerifications: { method: 'GET', path: '/verifications', url: '/verifications', permission: 'verifications:read', tag: 'verifications', successStatus: 200 },
  createVerification: { method: 'POST', path: '/verifications', url: '/verifications', permission: 'verifications:create', tag: 'verifications', successStatus: 201 },
  getVerification: { method: 'GET', path: '/verifications/{id}', url: '/verifications/:id', permission: 'verifications:read', tag: 'verifications', successStatus: 200 },
  reviewVerification: { method: 'POST', path: '/verifications/{id}/review', url: '/verifications/:id/review', permission: 'verifications:review', tag: 'verifications', successStatus: 200 },
  redactVerification: { method: 'POST', path: '/verifications/{id}/redact', url: '/verifications/:id/redact', permission: 'verifications:redact', tag: 'verifications', successStatus: 200 },
  createCaptureLink: { method: 'POST', path: '/verifications/{id}/capture-link', url: '/verifications/:id/capture-link', permission: 'capture:create', tag: 'processing', successStatus: 201, optionalBody: true },
  getCaptureProgress: { method: 'GET', path: '/verifications/{id}/capture-progress', url: '/verifications/:id/capture-progress', permission: 'verifications:read', tag: 'processing', successStatus: 200 },
  uploadDocument: { method: 'POST', path: '/verifications/{id}/documents', url: '/verifications/:id/documents', permission: 'documents:upload', tag: 'processing', successStatus: 201 },
  uploadSelfie: { method: 'POST', path: '/verifications/{id}/selfie', url: '/verifications/:id/selfie', permission: 'documents:upload', tag: 'processing', successStatus: 201 },
  runFaceMatch: { method: 'POST', path: '/verifications/{id}/face-match', url: '/verifications/:id/face-match', permission: 'checks:run', tag: 'processing', successStatus: 200 },
  runDocumentLiveness: { method: 'POST', path: '/verifications/{id}/documents/{doc_id}/liveness', url: '/verifications/:id/documents/:doc_id/liveness', permission: 'checks:run', tag: 'processing', successStatus: 200 },
  createLivenessChallenge: { method: 'POST', path: '/verifications/{id}/active-liveness/challenge', url: '/verifications/:id/active-liveness/challenge', permission: 'checks:run', tag: 'processing', successStatus: 201 },
  verifyActiveLiveness: { method: 'POST', path: '/verifications/{id}/active-liveness/verify', url: '/verifications/:id/active-liveness/verify', permission: 'checks:run', tag: 'processing', successStatus: 200 },
  listAuditEvents: { method: 'GET', path: '/admin/audit-events', url: '/admin/audit-events', permission: 'audit:read', tag: 'audit', successStatus: 200 },
  listApiKeys: { method: 'GET', path: '/admin/keys', url: '/admin/keys', permission: 'keys:list', tag: 'admin-keys', successStatus: 200 },
  createApiKey: { method: 'POST', path: '/admin/keys', url: '/admin/keys', permission: 'keys:create', tag: 'admin-keys', successStatus: 201 },
  revokeApiKey: { method: 'DELETE', path: '/admin/keys/{id}', url: '/admin/keys/:id', permission: 'keys:revoke', tag: 'admin-keys', successStatus: 200 },
  getDashboard: { method: 'GET', path: '/admin', url: '/admin', permission: 'admin:dashboard', tag: 'dashboard', successStatus: 200 },
  getConsoleVerification: { method: 'GET', path: '/admin/console/verifications/{id}', url: '/admin/console/verifications/:id', permission: 'admin:dashboard', tag: 'dashboard', successStatus: 200 },
  getConsoleImage: { method: 'GET', path: '/admin/console/verifications/{id}/images/{upload_id}/{side}', url: '/admin/console/verifications/:id/images/:upload_id/:side', permission: 'admin:dashboard', tag: 'dashboard', successStatus: 200 },
  reviewConsoleVerification: { method: 'POST', path: '/admin/console/verifications/{id}/review', url: '/admin/console/verifications/:id/review', permission: 'verifications:review', tag: 'dashboard', successStatus: 303 },
  redactConsoleVerification: { method: 'POST', path: '/admin/console/verifications/{id}/redact', url: '/admin/console/verifications/:id/redact', permission: 'verifications:redact', tag: 'dashboard', successStatus: 303 },
  getConsoleKeys: { method: 'GET', path: '/admin/console/keys', url: '/admin/console/keys', permission: 'keys:list', tag: 'dashboard', successStatus: 200 },
  createConsoleKey: { method: 'POST', path: '/admin/console/keys', url: '/admin/console/keys', permission: 'keys:create', tag: 'dashboard', successStatus: 200 },
  revokeConsoleKey: { method: 'POST', path: '/admin/console/keys/{id}/revoke', url: '/admin/console/keys/:id/revoke', permission: 'keys:revoke', tag: 'dashboard', successStatus: 303 },
  getConsoleWebhooks: { method: 'GET', path: '/admin/console/webhooks', url: '/admin/console/webhooks', permission: 'admin:dashboard', tag: 'dashboard', successStatus: 200 },
  replayConsoleDelivery: { method: 'POST', path: '/admin/console/webhooks/replay', url: '/admin/console/webhooks/replay', permission: 'webhooks:manage', tag: 'dashboard', successStatus: 303 },
  getConsoleAudit: { method: 'GET', path: '/admin/console/audit', url: '/admin/console/audit', permission: 'audit:read', tag: 'dashboard', successStatus: 200 },
  signInDashboard: { method: 'POST', path: '/admin/sign-in', url: '/admin/sign-in', permission: null, tag: 'dashboard', successStatus: 303 },
  signOutDashboard: { method: 'POST', path: '/admin/sign-out', url: '/admin/sign-out', permission: null, tag: 'dashboard', successStatus: 303 },
  getDashboardStylesheet: { method: 'GET', path: '/admin/dashboard.css', url: '/admin/dashboard.css', permission: null, tag: 'dashboard', successStatus: 200 },
  getCapturePage: { method: 'GET', path: '/capture/{token}', url: '/capture/:token', permission: null, tag: 'capture', successStatus: 200 },
  getCaptureScript: { method: 'GET', path: '/capture/assets/capture.js', url: '/capture/assets/capture.js', permission: null, tag: 'capture', successStatus: 200 },
  getCaptureStylesheet: { method: 'GET', path: '/capture/assets/capture.css', url: '/capture/assets/capture.css', permission: null, tag: 'capture', successStatus: 200 },
  updateWebhookConfig: { method: 'PATCH', path: '/admin/webhook', url: '/admin/webhook', permission: 'webhooks:manage', tag: 'webhooks', successStatus: 200 },
  listWebhookDeliveries: { method: 'GET', path: '/admin/webhooks/deliveries', url: '/admin/webhooks/deliveries', permission: 'webhooks:manage', tag: 'webhooks', successStatus: 200 },
  replayWebhookDelivery: { method: 'POST', path: '/admin/webhooks/replay', url: '/admin/webhooks/replay', permission: 'webhooks:manage', tag: 'webhooks', successStatus: 202 },
  getHealth: { method: 'GET', path: '/healthz', url: '/healthz', permission: null, tag: 'health', successStatus: 200 },
  getMetrics: { method: 'GET', path: '/metrics', url: '/metrics', permission: null, tag: 'health', successStatus: 200 },
  getReadiness: { method: 'GET', path: '/readyz', url: '/readyz', permission: null, tag: 'health', successStatus: 200 },
} as const
export type OperationId = keyof typeof operations
export type Permission = NonNullable<(typeof operations)[OperationId]['permission']>
