// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.
export interface paths {
    "/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List verifications
         * @description Lists the verifications visible to the calling key, newest first (`created_at` descending,
         *     then `id` descending), as a bare JSON array. `service` and `readonly` keys see their own
         *     client's verifications; `admin` and `auditor` keys see every client's.
         *     Roles: `admin`, `service`, `readonly`, `auditor`.
         *
         *     `X-Total-Count` carries the number of matching verifications (with the `status` and
         *     `decision` filters applied), independent of `limit` and `offset`.
         *
         *     Errors: 400 for an out-of-range `limit` or `offset` or an unknown `status` (never clamped),
         *     401, 403, 429, 500.
         */
        get: operations["listVerifications"];
        put?: never;
        /**
         * Create a verification session
         * @description Creates a `pending` verification for the calling key's client. Roles: `admin`, `service`.
         *
         *     - `checks` is required: 1 to 4 unique names from `identity`, `document`, `face_match`,
         *       `liveness`. An empty array, a duplicate or an unknown name is 400.
         *     - `client_reference` is optional (up to 255 characters) and `null` when not given.
         *     - `applicant` (optional) is the data the `identity` check compares with the document.
         *     - `metadata` (optional) is up to 20 string keys (up to 40 characters) with string values
         *       (up to 500 characters), echoed back unchanged.
         *     - `redirect_url` is always `""`: it is reserved for a hosted capture page.
         *     - `expires_at` is creation time plus `VERIFICATION_TTL` (default 7 days).
         *     - `Idempotency-Key`: the same key and body within 24 h returns the first response; the same key
         *       with another body is 409; a retry that arrives while the first request is in flight waits
         *       for it and gets its response.
         *
         *     Errors: 400 invalid body, 401, 403, 409 idempotency conflict, 413 body over 1 MB, 415 body
         *     not JSON, 429, 500.
         */
        post: operations["createVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a verification
         * @description Returns the verification with the results of its finished checks. Only requested, finished
         *     checks appear in `checks_results`. Roles: `admin`, `service`, `readonly`, `auditor`
         *     (`service` and `readonly` only for their own client's verifications).
         *
         *     Errors: 401, 403, 404 unknown id or another client's
         *     verification, 429, 500.
         */
        get: operations["getVerification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide a finished verification by hand
         * @description A person's decision on a finished verification (`completed` or `failed`): `approved` or
         *     `declined`, with a `reason` and an optional `note`. It replaces the decision, also an automatic
         *     one, sets `decided_by` to the reviewing key's id, `decided_at` to now and `decision_reasons` to
         *     `[reason]`, and emits a `verification.reviewed` event through the same signed, retried webhook
         *     (its payload carries the new `decision`). A verification may be reviewed again.
         *     Decided: the note is kept (`decision_note`) and is not sent in the webhook.
         *     Roles: `admin` (permission `verifications:review`).
         *
         *     Errors: 400 invalid body; 401; 403; 404 unknown verification;
         *     409 the verification is still pending, or `approved` for a verification that ended (expired,
         *     or was redacted) before every requested check ran (decided: `approved` tells the client that
         *     the checks it asked for were done; a failed check can be passed by hand, a missing one cannot),
         *     or a `note` for a redacted verification (decided: it would keep personal data the redaction
         *     erased; review without one); 429; 500.
         */
        post: operations["reviewVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/redact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a verification's personal data
         * @description Decided (additive, as Stripe's `redact`): erases for good the verification's personal data —
         *     the uploaded images (documents, selfies, challenge frames) and the faces found in them, the
         *     declared applicant, the holder data read from the document (`checks_results.document.details.mrz`,
         *     `checks_results.identity.details.holder` and `.document_expires_on` become null), the metadata
         *     (null), a reviewer's note (a review afterwards may not add one: 409) and the `return_url` of its
         *     capture links, which stop working — and keeps what is not personal: status, checks passed, reasons, scores, decision and
         *     timestamps. Sets `redacted_at`, writes a `verification.redacted` audit entry and emits a
         *     `verification.redacted` event through the signed webhook. The delivery log's stored payloads
         *     hold no personal data to begin with. Answers the verification as it reads afterwards.
         *     - Idempotent: redacting a redacted verification answers 200 with it and changes nothing (no
         *       second event or audit entry).
         *     - A pending verification is ended first: it becomes `failed`, declined with the reason
         *       `verification_redacted`, and its `verification.failed` event is sent as well as
         *       `verification.redacted` (no check can finish without its captures).
         *     - The same erasure happens by itself to verifications older than `RESULT_RETENTION`.
         *     Roles: `admin` (every client's), `service` (its own client's).
         *
         *     Errors: 401; 403; 404 unknown verification or another client's;
         *     429; 500.
         */
        post: operations["redactVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/capture-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a link to the hosted capture page
         * @description Creates a link that the person being verified opens to take the document photo, the selfie and
         *     the active-liveness challenge in a hosted page, with no client-side code. Answers 201
         *     `{url, expires_at}`; `url` is `<PUBLIC_URL>/capture/<token>`.
         *     Decided:
         *     - The token is 256 random bits (`cap_` + 43 base64url characters), stored only as its SHA-256.
         *       It is not an API key: sent as `Authorization: Bearer <token>` it grants only this
         *       verification's capture operations (`POST /verifications/{id}/documents`, `/selfie`,
         *       `/face-match`, `/active-liveness/challenge`, `/active-liveness/verify`) and
         *       `GET /verifications/{id}/capture-progress`. Not passive liveness
         *       (`/documents/{doc_id}/liveness`): the page judges liveness by challenges, and the person must
         *       not be able to choose the weaker check. Any other operation,
         *       or another verification, answers 401 as an unknown key does. Requests made with it are
         *       rate-limited per token, as a key's are.
         *     - It is valid until the link expires (`expires_in` seconds, default 3600, at most 86400), a new
         *       link for the same verification replaces it, or the key that made it is revoked (a leaked key's
         *       links stop with it; the page then answers 404). Once the verification is no longer pending, the
         *       capture operations answer 409 as they do for a key; the progress stays readable until the link
         *       expires, so that a page left open on a desktop learns that the phone has finished.
         *     - 409 when the verification is no longer pending. (Every check is fed by a capture: the
         *       document photo feeds `document`, `identity` and `face_match`, the selfie `face_match` and
         *       `liveness`.)
         *     - `return_url`: where the page sends the person at the end, with `verification_id` appended to
         *       its query. Absolute `https`, or `http` to a loopback host (127.0.0.0/8, `::1`, `localhost`);
         *       anything else is 400.
         *     - Permission `capture:create` (decided: its own permission, held by `admin` and `service`).
         *     - `allow_upload` (default false): the page also offers a file from the device's gallery;
         *       without it, only the live camera.
         *     - `redirect_url` in the verification stays `""`, as the reference says.
         *     Roles: `admin`, `service`.
         *
         *     Errors: 400 invalid body; 401; 403; 404 unknown or foreign
         *     verification; 409 verification not pending; 429; 500.
         */
        post: operations["createCaptureLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/capture-progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a verification's capture progress
         * @description What the hosted capture page needs to know of its verification, and nothing personal: its
         *     status, the checks it requested and those that have finished, and the last refused capture.
         *     Decided: readable with the verification's capture link token (see
         *     `POST /verifications/{id}/capture-link`) until the link expires, also once the verification has
         *     finished; and with a key that may read the verification.
         *     Roles: `admin`, `service`, `readonly`, `auditor`.
         *
         *     Errors: 401; 403; 404 unknown or foreign verification;
         *     429; 500.
         */
        get: operations["getCaptureProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an identity document
         * @description Uploads a document photo (front, optional back) and runs the `document` check, and the
         *     `identity` check if requested, before answering; the portrait is kept for face match.
         *     Roles: `admin`, `service`.
         *
         *     - If `mrz` text is given (from an on-device MRZ reader) it is validated as is; otherwise the
         *       MRZ is read from the images: EXIF orientation is applied, and a photo whose pixels are turned
         *       (upside down or a quarter turn either way) is read too. A reading with a field the parser
         *       rejects is kept only when no orientation gives a better one. Decided: an MRZ sent as text is
         *       judged as sent and cross-checked against the photo all the same (`details.viz`): its printed
         *       page, and its own zone where OCR reads one whose check digits hold, must agree with it. When
         *       neither `document` nor `identity` was requested, the photo's text is found but not read: only
         *       where its page lies and which way up it is, for face match (`FaceMatchCheckResult`).
         *     - Decided: the printed page judged is always the front's, the side whose portrait face match
         *       compares. A zone read on `back_image` (a card's zone is usually there) is judged against the
         *       front's page, so a front that prints nothing of it (another photo, another card) leaves the
         *       page unread (`viz_unread`, review); a zone sent as text that no photo shows is judged against
         *       the front's page too.
         *     - `document` fails on a check-digit mismatch, an expired document, a printed page that
         *       disagrees with the MRZ, or no readable MRZ on a sharp, lit photo.
         *     - A photo whose MRZ cannot be read because of how it was taken (blurred, dark, glare: see
         *       `RetakeReason`) finishes no check: 422 `unprocessable` with the reasons in `error.details`,
         *       nothing stored, and the verification stays pending with the problem in `last_error` until
         *       a photo is accepted. With `mrz` text the photo's quality never refuses the upload.
         *     - `identity` compares the document holder with the verification's `applicant`; it fails on any
         *       mismatch, on a failed document, or when no document was read.
         *     - The response carries the results this upload produced (only requested checks). A new upload
         *       while pending replaces earlier results. Decided: answered to a capture link's token (the
         *       hosted capture page), it leaves out the `identity` result: that compares the document with
         *       what the client declared, which is the client's to read (`GET /verifications/{id}`); the
         *       link's holder could otherwise learn the declared applicant by sending zones one at a time.
         *
         *     Errors: 400 invalid body; 401; 403; 404 unknown or foreign verification; 409 verification not
         *     pending, or none of `document`, `identity`, `face_match` requested; 413 image over 10 MB decoded
         *     or over 8,000 px a side; 415 body neither JSON nor multipart/form-data; 422 image not JPEG/PNG/WebP or not decodable,
         *     or a photo to retake; 429; 500.
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/selfie": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a selfie
         * @description Stores a selfie as an upload of type `selfie` (same `doc_<uuid>` id space as documents). It
         *     runs no check by itself: use face match and the liveness operations. Roles: `admin`, `service`.
         *     Decided: a selfie nothing can be judged from (no face, more than one, or a face far too blurred
         *     or dark) is answered 422 with its retake reasons in `error.details[].reason` (`RetakeReason`),
         *     stores nothing, and shows in the verification's `last_error` (`selfie_unusable`) until a selfie
         *     is accepted; a poor but usable one is stored and its checks report its quality.
         *
         *     Errors: 400 invalid body; 401; 403; 404 unknown or foreign verification; 409 verification not
         *     pending, or neither `face_match` nor `liveness` requested; 413 image over 10 MB decoded or over
         *     8,000 px a side; 415 body neither JSON nor multipart/form-data; 422 image not JPEG/PNG/WebP or
         *     not decodable, or a selfie that cannot be judged; 429; 500.
         */
        post: operations["uploadSelfie"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/face-match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the face match check
         * @description Compares the portrait of a document upload with a selfie and returns the `face_match` result,
         *     which also appears in the verification's `checks_results`. `document_id` and `selfie_id`
         *     default to the latest document upload and the latest selfie. Send `{}` to use both defaults.
         *     `score` is null when no face was found in one of the images (the check then fails).
         *     Roles: `admin`, `service`.
         *
         *     Errors: 400 invalid body; 401; 403; 404 unknown or foreign verification, or a given
         *     `document_id`/`selfie_id` that is not an upload of this verification; 409 verification not
         *     pending, `face_match` not requested, a needed upload missing (or its image deleted after
         *     `MEDIA_RETENTION`), or an id of the wrong kind (a selfie as `document_id` or a document as
         *     `selfie_id`); 429; 500.
         */
        post: operations["runFaceMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/documents/{doc_id}/liveness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run passive liveness on a selfie
         * @description Runs the passive `liveness` check on one selfie upload and returns the result, which also
         *     appears in the verification's `checks_results` (`selfie_id` set, `challenge_id` null). No
         *     request body. Roles: `admin`, `service`.
         *
         *     Errors: 401; 403; 404 unknown or foreign
         *     verification, or `doc_id` not an upload of this verification; 409 verification not pending,
         *     `liveness` not requested, the upload is not a selfie, its image was deleted after
         *     `MEDIA_RETENTION`, or (decided) an active-liveness challenge of this verification has been
         *     answered: from then on only challenges judge its liveness, so that a failed challenge cannot be
         *     replaced by the weaker passive check (not even after a new selfie); 429; 500.
         */
        post: operations["runDocumentLiveness"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/active-liveness/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an active liveness challenge
         * @description Creates a challenge of 2 to 4 random actions from `turn_left`, `turn_right`, `look_up`,
         *     `blink`, `smile`, `open_mouth`. The challenge is single use and expires 2 minutes after
         *     creation. A new challenge does not cancel earlier unexpired ones. No request body.
         *     Decided: each action is judged against the person's latest selfie, so a challenge made after a
         *     selfie never asks for what that selfie already shows (no `smile` when it smiles, no
         *     `open_mouth` when its mouth is open, no `blink` when its eyes are closed); made before any
         *     selfie, it may ask for any action. Decided: every challenge asks for at least one head movement
         *     (`turn_left`, `turn_right` or `look_up`), the action whose frame shows whether the face has depth
         *     (`depth_motion`, see the verify operation).
         *     Decided: a verification may have at most 5 challenges, used or not. Each one is another try at
         *     the frames, and a later result replaces an earlier one: without a limit, frames could be sent
         *     until some passed. Past the limit the answer is 409; the latest liveness result stands, and a
         *     person who needs more tries starts a new verification (the capture page then shows its end).
         *     Roles: `admin`, `service`.
         *
         *     Errors: 401; 403; 404 unknown or foreign verification;
         *     409 verification not pending, `liveness` not requested, or the verification has had its 5
         *     challenges; 429; 500.
         */
        post: operations["createLivenessChallenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verifications/{id}/active-liveness/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an active liveness challenge
         * @description Checks one frame per challenged action: each frame must show its action, and the same person
         *     as the latest selfie (`selfie_id` names it; a selfie is required), and no two frames may be
         *     clearly two people. Returns the `liveness` result (`challenge_id` set), which also appears in
         *     `checks_results`: one `action_<action>` item per action and a `same_person` item (its score is
         *     the lowest embedding similarity of any frame to the selfie, against `FACE_MATCH_THRESHOLD`, or
         *     of two frames to each other where it falls under 0.6, or under the threshold if that is lower:
         *     decided, as for faces in a document photo, since a head turned left and then right shows two
         *     profiles less alike than either is to the frontal selfie); passive signals measured earlier on the selfie
         *     are kept in the result. Decided: the presentation-attack signals (`screen_pattern`,
         *     `print_tones`, `paper_border`, `glare`) are measured on every frame too, so that a replay shown
         *     for the challenge is caught as on a selfie: each is the worst of the selfie's and the frames'
         *     (replacing the selfie's alone). The challenge is consumed by this call whatever the outcome. A frame
         *     whose `action` is not in the challenge is 400; a challenged action without a frame fails with
         *     reason `action_not_performed`; a frame that does not show its action adds `<action>_not_shown`.
         *     Decided: frames nothing can be judged from (no face, more than one, or a face far too blurred or
         *     dark: the selfie's bounds) are answered 422 with their retake reasons in `error.details[]`
         *     (`path` `/frames/<n>/image`, `reason` a `RetakeReason`); no result is recorded, the challenge is
         *     used up all the same (take a new one), and the verification's `last_error` is `frames_unusable`
         *     until a challenge's frames are accepted. Frames that were judged are kept with the result,
         *     sealed as the selfie is (same key, same `MEDIA_RETENTION`), for an operator's review in the
         *     console; they are uploads of kind `frame` and cannot be used as a document or a selfie.
         *     Roles: `admin`, `service`.
         *
         *     How actions are judged, against the person's own neutral face in the selfie (not fixed cuts):
         *     - Direction: `turn_left` means the person turns their head to THEIR OWN left. Frames must be
         *       uploaded as the camera captured them, not mirrored: a front camera's mirrored preview
         *       reverses left and right. `turn_left`/`turn_right`: head yaw changes by at least 15° that way;
         *       `look_up`: head pitch rises by at least 10° (yaw and pitch from the face mesh).
         *     - `blink`: the eyelid gap over eye width falls to at most 60 % of the selfie's.
         *     - `smile`: the emotion model's "happy" is at least 0.5 and above the selfie's.
         *     - `open_mouth`: the inner-lip gap over mouth width is at least 0.25 and 0.15 above the selfie's.
         *
         *     Decided: `depth_motion`, a presentation-attack signal, judges the frames of head movements
         *     (`turn_left`, `turn_right`, `look_up`). Features of the face's surface are matched between each
         *     such frame and the selfie and every other frame, and one projective map (a homography) is fitted
         *     to them: a flat picture (a print, a screen) moved or tilted in front of the camera keeps nearly
         *     all of them on that one map, a head that turns or looks up does not (its nose moves against its
         *     cheeks). It fails when more than 62 % of the matches of any such pair lie on one map (pairs of
         *     fewer than 30 matches say nothing); its score is 1 for none, 0.5 at the threshold, 0 for all. A
         *     movement the mesh saw that the face made as a flat picture adds `spoof_suspected`; a movement not
         *     made fails its action and shows no depth either. Decided: a movement made that no pair measures
         *     (frames a moment apart from one camera share many features; two different pictures of the
         *     person share few) fails `depth_motion` unscored (`score` null) with `depth_unmeasured`, which
         *     sends the verification to review. Its error rates on the service's attack set
         *     are in BENCHMARKS.md.
         *
         *     Errors: 400 invalid body; 401; 403; 404 unknown or foreign verification, or `challenge_id` not a
         *     challenge of this verification; 409 verification not pending, `liveness` not requested, no selfie uploaded, or
         *     the challenge expired or already used; 413 a frame over 10 MB decoded or over 8,000 px a side;
         *     415 body neither JSON nor multipart/form-data; 422 a frame not JPEG/PNG/WebP or not decodable, or
         *     frames that cannot be judged; 429; 500.
         */
        post: operations["verifyActiveLiveness"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events
         * @description The audit log of privileged actions, newest first (`occurred_at` descending, then `id`
         *     descending), as a bare JSON array. Decided (additive):
         *     - An entry is written in the same transaction as the action it records, for every action that
         *       succeeds: `api_key.created`, `api_key.revoked`, `webhook.configured` (the key's webhook URL
         *       or secret changed: `details` says which, and the URL's origin only), `webhook_delivery.replayed`,
         *       `verification.reviewed` (`details`: the decision and reason code; the note is not copied),
         *       `verification.image_viewed` (an image shown in the console: `details` names the upload),
         *       `verification.redacted` (by a key, or by the service itself past `RESULT_RETENTION`:
         *       actor `system`, role null),
         *       `console.signed_in` and `console.signed_out`.
         *     - Each entry names the acting key, its role and client, the target, the time and the request's
         *       `X-Request-Id`. It holds no personal data and no secret.
         *     - The log is append-only in the database too: PostgreSQL refuses every UPDATE, DELETE and
         *       TRUNCATE of it, except the retention purge: entries older than `AUDIT_RETENTION` (default
         *       `0`: kept forever) are deleted by the sweeper.
         *     Roles: `admin`, `auditor` (permission `audit:read`); both see every client's entries.
         *
         *     `X-Total-Count` carries the number of matching entries, independent of `limit` and `offset`.
         *
         *     Errors: 400 for an out-of-range `limit` or `offset`, an unknown `action`, or a filter over 100
         *     characters; 401; 403; 429; 500.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Lists every non-revoked key of every client, sorted by `created_at` ascending, then `id`.
         *     Secrets are never returned. Roles: `admin`, `auditor`.
         *
         *     Errors: 401, 403, 429, 500.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates a key. `client_name` is trimmed and must then be 1 to 200 characters; keys with the same
         *     `client_name` belong to the same client and share its verifications. `role` defaults to
         *     `service`. The secret `key` (`ivs_` + 43 base64url characters) is returned in this response
         *     only; only its SHA-256 hash is stored. Roles: `admin`.
         *
         *     Errors: 400 invalid body, an unknown `role`, or a blank `client_name`; 401; 403; 429; 500.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Soft-revokes a key: it stays recorded, stops working from the very next request on every
         *     instance, and no longer appears in the listing. A key may revoke itself. Its webhook
         *     configuration and delivery log are kept but no longer used for new events. Roles: `admin`.
         *
         *     Errors: 401; 403; 404 unknown or already revoked key;
         *     409 the key is the last active `admin` key (no lock-out); 429; 500.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the HTML dashboard
         * @description Server-rendered HTML page (every value escaped) with the verifications the calling key can see
         *     (most recent first, by the tenancy rules, 25 a page), the calling key's webhook configuration
         *     (secret masked) and its recent webhook deliveries. Decided: it is the console's home. The list is
         *     filtered by status, decision (`decision=review` is the review queue), a check's outcome, client,
         *     creation day range, and an id or `client_reference`; each row links to the verification's page
         *     (`getConsoleVerification`); a navigation bar links the keys, webhooks and audit pages. A filter
         *     that does not validate answers 400 (an HTML page for a browser). Every HTML page is sent with security headers,
         *     including a Content-Security-Policy without inline script. Roles: `admin`, `auditor`.
         *
         *     Browser sign-in: a browser cannot send a Bearer header. A request without one whose `Accept`
         *     includes `text/html` gets 401 with a small HTML sign-in form instead of the JSON error; the
         *     form posts the key to `POST /admin/sign-in`. Signing in with a key that has `admin:dashboard`
         *     sets an HttpOnly, SameSite=Strict session cookie (Secure when served over https) that is valid
         *     for this page and `POST /admin/sign-out` only, never for the JSON API. The session lasts
         *     8 hours and ends at once when its key is revoked. A request with an `Authorization` header is
         *     authenticated by that header alone, exactly like every other operation, cookie or not.
         *
         *     Errors: 400 an invalid filter (JSON, or an HTML page for browsers); 401 (JSON, or the HTML
         *     sign-in form for browsers); 403 (JSON, or an HTML page for a browser signed in with a key whose
         *     role lacks `admin:dashboard`); 429; 500.
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/verifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show one verification in the console
         * @description Server-rendered page of one verification: every check with its reasons, scores, thresholds and
         *     model; the MRZ and holder data read from the document and the declared applicant; the uploads,
         *     whose images are shown only after an explicit click (each view is recorded in the audit log:
         *     see `getConsoleImage`); a timeline of creation, uploads, capture link, checks, completion,
         *     decision, webhook deliveries and audit entries; and, for a key with `verifications:review`, the
         *     review form. The frames of an active-liveness challenge are among the uploads once the challenge
         *     was judged (`POST /verifications/{id}/active-liveness/verify`).
         *     Roles: `admin`, `auditor` (every client's verifications).
         *
         *     Authenticated as `GET /admin` is: a Bearer header, or the console's session cookie. Errors
         *     answer a browser with an HTML page, anyone else with JSON: 401; 403; 404 unknown
         *     verification; 429; 500.
         */
        get: operations["getConsoleVerification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/verifications/{id}/images/{upload_id}/{side}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show an uploaded image to an operator
         * @description The decrypted bytes of one side of an upload (a document's front or back, a selfie's or a
         *     challenge frame's `front`), as `image/jpeg`, `image/png` or `image/webp` after what was uploaded, with
         *     `Cache-Control: no-store`. The console's page loads it only after the operator clicked to see
         *     it. Every answer writes a `verification.image_viewed` audit entry first (actor, verification,
         *     upload, side). Roles: `admin`, `auditor`.
         *
         *     Errors (HTML for a browser, JSON otherwise): 400 invalid parameters; 401; 403; 404 unknown
         *     verification or upload, no such side, or an image deleted after `MEDIA_RETENTION`; 429; 500.
         */
        get: operations["getConsoleImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/verifications/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide a verification from the console
         * @description The console's review form: the same decision as `POST /verifications/{id}/review` (same
         *     permission, same event, same audit entry), from a browser. Answers 303 to the verification's
         *     page. A form posted from another site (`Sec-Fetch-Site` other than `same-origin` or `none`), or
         *     by the session cookie without the page's `csrf` token, is refused with 403.
         *     Roles: `admin` (permission `verifications:review`).
         *
         *     Errors (HTML for a browser, JSON otherwise): 400 invalid form; 401; 403; 404 unknown
         *     verification; 409 still pending; 415 not a form; 429; 500.
         */
        post: operations["reviewConsoleVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/verifications/{id}/redact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a verification's personal data from the console
         * @description The console's redaction form: the same erasure as `POST /verifications/{id}/redact` (same
         *     permission, same events, same audit entry), from a browser, for an operator who receives a
         *     request to erase a person's data. Answers 303 to the verification's page, which then says when
         *     it was redacted. `confirm` must be `erase`: the page asks the operator to tick a box saying
         *     that the images and personal data go for good. Redacting a redacted verification changes
         *     nothing. A form posted from another site, or by the session cookie without the page's `csrf`
         *     token, is refused with 403.
         *     Roles: `admin` (permission `verifications:redact`; a `service` key holds it too, but cannot
         *     open the console).
         *
         *     Errors (HTML for a browser, JSON otherwise): 400 invalid form (`confirm` missing); 401; 403;
         *     404 unknown verification; 415 not a form; 429; 500.
         */
        post: operations["redactConsoleVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the API keys in the console
         * @description Every active key (id, client, role, creation time; never a secret) and, for a key with
         *     `keys:create` and `keys:revoke`, a form to create a key and a button to revoke each.
         *     Roles: `admin`, `auditor` (permission `keys:list`).
         *
         *     Errors (HTML for a browser, JSON otherwise): 401; 403; 429; 500.
         */
        get: operations["getConsoleKeys"];
        put?: never;
        /**
         * Create an API key from the console
         * @description Creates a key as `POST /admin/keys` does (same rules, same audit entry) and answers 200 with a
         *     page that shows its secret once; the secret is never shown again. Cross-site forms and forms
         *     without the page's `csrf` token are refused with 403. Roles: `admin` (permission `keys:create`).
         *
         *     Errors (HTML for a browser, JSON otherwise): 400 invalid form; 401; 403; 415; 429; 500.
         */
        post: operations["createConsoleKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key from the console
         * @description Revokes a key as `DELETE /admin/keys/{id}` does (same last-admin guard, same audit entry) and
         *     answers 303 to the keys page. Revoking the key the console is signed in with ends the session.
         *     Cross-site forms and forms without the page's `csrf` token are refused with 403.
         *     Roles: `admin` (permission `keys:revoke`).
         *
         *     Errors (HTML for a browser, JSON otherwise): 400; 401; 403; 404 unknown or revoked key;
         *     409 the last active admin key; 415; 429; 500.
         */
        post: operations["revokeConsoleKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show webhook configuration and deliveries in the console
         * @description The signed-in key's webhook configuration (secret masked) and delivery log, with a replay
         *     button on each delivery for a key with `webhooks:manage`; for `admin` and `auditor` keys also
         *     the failing deliveries of every client (failed for good, or failing and to be retried), which
         *     a client's own log alone does not show operators. Roles: `admin`, `auditor`.
         *
         *     Errors (HTML for a browser, JSON otherwise): 401; 403; 429; 500.
         */
        get: operations["getConsoleWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/webhooks/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a delivery from the console
         * @description Replays one of the signed-in key's deliveries as `POST /admin/webhooks/replay` does (same
         *     rules, same audit entry) and answers 303 to the webhooks page. Cross-site forms and forms
         *     without the page's `csrf` token are refused with 403. Roles: `admin` (permission
         *     `webhooks:manage`).
         *
         *     Errors (HTML for a browser, JSON otherwise): 400; 401; 403; 404 unknown delivery of this key;
         *     409 no webhook URL; 415; 429; 500.
         */
        post: operations["replayConsoleDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/console/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the audit log in the console
         * @description The audit log of `GET /admin/audit-events` as a page, newest first, filtered by action, actor
         *     and target, 50 entries a page. Roles: `admin`, `auditor` (permission `audit:read`).
         *
         *     Errors (HTML for a browser, JSON otherwise): 400 invalid filter; 401; 403; 429; 500.
         */
        get: operations["getConsoleAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to the dashboard from a browser
         * @description Public. The form of the dashboard's sign-in page posts here. With a key whose role has
         *     `admin:dashboard` (`admin`, `auditor`), a server-side session is created (only the SHA-256 of
         *     its token is stored; it lasts 8 hours and ends when the key is revoked) and the answer is a
         *     303 to `/admin` that sets the `ivs_session` cookie: HttpOnly, SameSite=Strict, Path=/admin,
         *     Secure when served over https. The cookie is accepted by `GET /admin` and
         *     `POST /admin/sign-out` only.
         *
         *     A form posted from another site (`Sec-Fetch-Site: cross-site` or `same-site`) is refused
         *     with 403. Errors: 400 (a body without `api_key`); 401 (unknown or revoked key: the sign-in
         *     page again, or JSON for a client that does not accept `text/html`); 403 (a role without
         *     `admin:dashboard`, or a cross-site form); 415 (a body that is not form-encoded); 500.
         */
        post: operations["signInDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of the dashboard
         * @description Public. Ends the session named by the `ivs_session` cookie, if any, clears the cookie and
         *     answers 303 to `/admin` (which then shows the sign-in page). Signing out twice, or without
         *     a session, is not an error. A form posted from another site is refused with 403. Errors:
         *     403; 500.
         */
        post: operations["signOutDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/dashboard.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard's stylesheet
         * @description Public. The dashboard's pages carry no inline style or script: their Content-Security-Policy
         *     allows stylesheets from this origin only, and this is the one they use. Errors: none.
         */
        get: operations["getDashboardStylesheet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capture/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The hosted capture page
         * @description Public (the token in the path is the credential). The page a capture link
         *     (`POST /verifications/{id}/capture-link`) opens: the person being verified takes the
         *     document photo (front, and back for `id_card` and `residence_permit`), the selfie and the
         *     active-liveness challenge with the device's camera, as the verification's checks require.
         *     After each shot the page shows the service's retake reasons in plain words and moves on only
         *     when the shot is accepted. On a wide screen or without a camera it shows a QR code of the same
         *     link, to continue on a phone, and follows the progress until the phone has finished.
         *     Decided:
         *     - Server-rendered HTML and one script from this origin (no inline script, no CDN), in the
         *       language of `Accept-Language` (English or French; English otherwise).
         *     - `Referrer-Policy: no-referrer` (the link's token must not leak to another site),
         *       `Permissions-Policy: camera=(self)`, `Cache-Control: no-store`.
         *     - An unknown, replaced or expired link answers 404 with a page that says so.
         */
        get: operations["getCapturePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capture/assets/capture.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The capture page's script
         * @description Public. The capture page's one script, built from TypeScript in the repository
         *     (`src/capture-client/`). Errors: none.
         */
        get: operations["getCaptureScript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/capture/assets/capture.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The capture page's stylesheet
         * @description Public. Errors: none.
         */
        get: operations["getCaptureStylesheet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the calling key's webhook URL and secret
         * @description Updates the webhook configuration of the calling key. A field left out keeps its value;
         *     `webhook_url: null` turns delivery off (the secret is kept). `{}` changes nothing.
         *     The URL must be an absolute `http` or `https` URL. Every delivery is signed, so setting a URL
         *     while no secret is stored or sent is 400. The host is not resolved here: address checks
         *     (SSRF protection) run before each delivery attempt. Roles: `admin`, `service`.
         *
         *     Secrets: send `webhook_secret`, or `generate_secret: true` for the service to make a Standard
         *     Webhooks secret (`whsec_` and 32 random bytes in base64), returned once in this answer's
         *     `webhook_secret` and never again. A secret of the form `whsec_<base64>` keys the
         *     `webhook-signature` header with its base64-decoded bytes, as the Standard Webhooks libraries
         *     (`standardwebhooks`, `svix`) expect; any other secret keys it with its UTF-8 bytes (the
         *     libraries' raw form), one beginning `whsec_` without base64 after it too. `X-Signature` is always keyed with the secret exactly as given. A new
         *     secret leaves the previous one valid for 24 hours, during which `webhook-signature` carries two
         *     signatures, space-separated (`v1,<new> v1,<previous>`). Secrets are stored sealed (AES-256-GCM).
         *
         *     Errors: 400 invalid body, a URL that is not absolute http(s), a URL without any secret, or
         *     both `webhook_secret` and `generate_secret`; 401; 403; 429; 500.
         */
        patch: operations["updateWebhookConfig"];
        trace?: never;
    };
    "/admin/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the calling key's recent webhook deliveries
         * @description Returns the last 50 delivery records (one per attempt) of the calling key, newest first
         *     (`created_at` descending, then `id` descending). Roles: `admin`, `service`.
         *
         *     Errors: 401, 403, 429, 500.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a webhook delivery
         * @description Queues a new delivery (attempt 1, with its own retries, `replay_of` set to the replayed
         *     record) carrying the original payload bytes, signed with the calling key's current secret and
         *     sent to its current URL. `webhook-id` stays the event id, so receivers can de-duplicate.
         *     Delivery is asynchronous: follow it in the delivery log. Any delivery of the calling key may be
         *     replayed, whatever its status. Roles: `admin`, `service`.
         *
         *     Errors: 400 invalid body; 401; 403; 404 unknown delivery or one of another key; 409 no
         *     webhook URL is configured now; 429; 500.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description Public. Answers 200 while the process is up; does not touch the database.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Metrics in the Prometheus text format, for a scraper holding `METRICS_TOKEN` (as
         *     `Authorization: Bearer <METRICS_TOKEN>`; API keys do not open it). Without that setting the
         *     service serves no metrics: 404. Per instance: answered requests by route and status with
         *     latency histograms (`ivs_http_request_duration_seconds`), image analysis tasks waiting and
         *     their duration by kind (`ivs_analysis_tasks_pending`, `ivs_analysis_task_duration_seconds`),
         *     uploads being received and analysed (`ivs_uploads_in_flight`),
         *     webhook attempts by outcome (`ivs_webhook_attempts_total`), finished verifications and checks
         *     (`ivs_verifications_finished_total`, `ivs_checks_finished_total`), and Node's own metrics,
         *     event-loop delay among them (`nodejs_eventloop_lag_*`). `ivs_webhook_deliveries_pending` is
         *     read from the database, so it is the same on every instance. Not rate limited, and answered
         *     while the service sheds load (no 503 `overloaded`).
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description Public. Answers 200 when the database is reachable, 503 when it is not.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    verificationCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * verification.completed event
         * @description Sent to the webhook URL of the key that created the verification when every requested check has
         *     finished, whether the checks passed or failed (`status` is `completed`; read the verification
         *     for the results). See "Webhooks" in the introduction for signing, retries and SSRF rules.
         */
        post: operations["onVerificationCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    verificationFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * verification.failed event
         * @description Sent to the webhook URL of the key that created the verification when it expired
         *     (`VERIFICATION_TTL`, default 7 days) before every requested check finished (`status` is
         *     `failed`). Signing, retries and SSRF rules are those of `verification.completed`.
         */
        post: operations["onVerificationFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    verificationReviewed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * verification.reviewed event
         * @description Decided (additive): sent to the webhook URL of the key that created the verification when a
         *     person decides it (`POST /verifications/{id}/review`); `decision` is the new decision, `status`
         *     the verification's (unchanged). Signing, retries and SSRF rules are those of
         *     `verification.completed`.
         */
        post: operations["onVerificationReviewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    verificationRedacted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * verification.redacted event
         * @description Decided (additive): sent to the webhook URL of the key that created the verification when its
         *     personal data is erased (`POST /verifications/{id}/redact`, or `RESULT_RETENTION`). Like every
         *     payload, it carries no personal data. Signing, retries and SSRF rules are those of
         *     `verification.completed`.
         */
        post: operations["onVerificationRedacted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Body of every error response. */
        ErrorResponse: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorBody: {
            /**
             * @description Machine-readable snake_case code, one per status: `validation_error` (400), `unauthorized`
             *     (401), `forbidden` (403), `not_found` (404), `request_timeout` (408: the request did not
             *     arrive within `HEADERS_TIMEOUT`/`BODY_TIMEOUT`; the connection is closed), `conflict` (409),
             *     `payload_too_large` (413), `unsupported_media_type` (415), `unprocessable` (422),
             *     `headers_too_large` (431), `rate_limited` (429), `internal_error` (500), `not_implemented`
             *     (501), `service_unavailable` (503 while the instance shuts down), `overloaded` (503). A
             *     later version may add codes (see Versioning): treat an unknown one by its status.
             * @enum {string}
             */
            code: "validation_error" | "unauthorized" | "forbidden" | "not_found" | "request_timeout" | "conflict" | "payload_too_large" | "unsupported_media_type" | "unprocessable" | "headers_too_large" | "rate_limited" | "internal_error" | "not_implemented" | "service_unavailable" | "overloaded";
            /** @description Human-readable sentence. For 403 exactly `insufficient permissions: <role> requires <permission>`; for 5xx only "internal error" and the request id. */
            message: string;
            /** @description Validation issues; present on `validation_error`, and on an `unprocessable` upload whose photo must be taken again (each issue then carries its `reason`). */
            details?: components["schemas"]["ValidationIssue"][];
        };
        ValidationIssue: {
            /** @description JSON Pointer to the offending value (for example `/checks/1`; `""` for the whole body). */
            path: string;
            message: string;
            reason?: components["schemas"]["RetakeReason"];
        };
        /**
         * @description Why a photo must be taken again (on a 422 `unprocessable` upload's `details`, and in a verification's `last_error`), measured from the image: `document_not_found` (the photo is of next to one shade: no page in it), `image_blurry` (its text edges are too soft to read), `too_dark` (even its brightest part, the paper, is dark), `glare` (a large part of it is blown out to white), `document_too_small` (the document's text takes under 5 % of the photo: too far away for its zone to be read). Sharpness, light and glare are measured on the region where the document's text was found, the whole photo when none was. A selfie (`uploadSelfie`) that cannot be judged is refused the same way: `no_face`, `multiple_faces` (a selfie shows one person), `face_blurry` (its face's sharpness under 2: far past the `face_blurry` of a face match), `face_too_dark` (its face's mean grey under 25 of 255). These say how the photo was taken, never that the document is bad or the person another.
         * @enum {string}
         */
        RetakeReason: "document_not_found" | "image_blurry" | "too_dark" | "glare" | "document_too_small" | "no_face" | "multiple_faces" | "face_blurry" | "face_too_dark";
        /** @description The last capture this verification refused because it must be taken again (a 422 upload); null when there was none, or once an upload of the same kind has been accepted since. */
        VerificationLastError: {
            /** @enum {string} */
            code: "document_unreadable" | "selfie_unusable" | "frames_unusable";
            message: string;
            reasons: components["schemas"]["RetakeReason"][];
            /** Format: date-time */
            occurred_at: string;
        };
        ReviewRequest: {
            /** @enum {string} */
            decision: "approved" | "declined";
            /** @description A snake_case code saying why, recorded as the decision's reason. */
            reason: string;
            /** @description Free text for the record. */
            note?: string;
        };
        CaptureLinkRequest: {
            /**
             * Format: uri
             * @description Absolute `https` URL (or `http` to a loopback host) the page sends the person to at the end, with `verification_id` appended.
             */
            return_url?: string;
            /** @description Seconds the link stays valid; 3600 when left out. */
            expires_in?: number;
            /** @description The page also offers files from the device's gallery, not only the live camera; false when left out. */
            allow_upload?: boolean;
        };
        CaptureLink: {
            /** Format: uri */
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        CaptureProgress: {
            verification_id: string;
            status: components["schemas"]["VerificationStatus"];
            checks: components["schemas"]["CheckName"][];
            /** @description The requested checks that have a result (passed or not; the results themselves are not shown here). */
            finished_checks: components["schemas"]["CheckName"][];
            last_error: components["schemas"]["VerificationLastError"] | null;
        };
        /**
         * @description A check a verification can request.
         * @enum {string}
         */
        CheckName: "identity" | "document" | "face_match" | "liveness";
        /**
         * @description `pending` until every requested check has finished (then `completed`, whatever the outcomes) or the session expires (then `failed`).
         * @enum {string}
         */
        VerificationStatus: "pending" | "completed" | "failed";
        /** @description Caller-defined string pairs, echoed back unchanged: up to 20 keys, each key 1 to 40 characters, each value up to 500 characters. More keys or a longer key is 400. */
        Metadata: {
            [key: string]: string;
        };
        /** @description Data the applicant declared, compared by the `identity` check with the document. Names are compared case- and accent-insensitively with whitespace collapsed; the document number ignores spaces and `<` fillers; a field left out is not compared (its match is `null`). */
        Applicant: {
            first_name?: string;
            last_name?: string;
            /**
             * Format: date
             * @description YYYY-MM-DD. Decided: a date after today (a day ahead of UTC at most), or before 1900-01-01, is refused, 400 `validation_error`.
             */
            date_of_birth?: string;
            document_number?: string;
            /** @description ISO 3166-1 alpha-3 country code. */
            nationality?: string;
        };
        VerificationCreateRequest: {
            /** @description The checks to run, 1 to 4 unique names. */
            checks: components["schemas"]["CheckName"][];
            /** @description The caller's own reference; `null` when not given. */
            client_reference?: string | null;
            applicant?: components["schemas"]["Applicant"];
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A verification session. */
        Verification: {
            /** @description `vry_<uuid v4>`, lowercase. */
            id: string;
            status: components["schemas"]["VerificationStatus"];
            client_reference: string | null;
            /** @description Always `""`; reserved for a hosted capture page. */
            redirect_url: string;
            /** @description The requested checks. */
            checks: components["schemas"]["CheckName"][];
            checks_results: components["schemas"]["ChecksResults"];
            /** @description The metadata sent at creation; null once the verification is redacted (decided). */
            metadata: components["schemas"]["Metadata"] | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the last requested check finished; null while pending and for a `failed` (expired) verification.
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @description `created_at` plus `VERIFICATION_TTL` (default 7 days); a verification still pending then becomes `failed`.
             */
            expires_at: string;
            /** @description Decided (additive, as Stripe's sessions have it): the last photo this verification refused because it must be taken again, so that the person can retake it while the verification is pending; null when there is none. */
            last_error?: components["schemas"]["VerificationLastError"] | null;
            decision?: components["schemas"]["VerificationDecision"];
            /** @description Why the decision was taken: the reasons that decline it, else those that call for review (check reasons, or `verification_expired`, `face_match_near_threshold`, `liveness_near_threshold`, `mrz_text_differs`, `mrz_text_unconfirmed`, `viz_unread`, `viz_unconfirmed`, `birth_century_unconfirmed`, `unexplained_failure`); empty when approved or pending. */
            decision_reasons?: string[];
            /** @description `auto` for the automatic decision; null while pending. */
            decided_by?: string | null;
            /**
             * Format: date-time
             * @description When the decision was taken; null while pending.
             */
            decided_at?: string | null;
            /** @description The reviewer's note (`POST /verifications/{id}/review`); null otherwise, and once redacted. */
            decision_note?: string | null;
            /**
             * Format: date-time
             * @description Decided (additive): when the verification's personal data was erased (`POST /verifications/{id}/redact`, or `RESULT_RETENTION`); null until then.
             */
            redacted_at?: string | null;
        };
        /**
         * @description Decided (additive; `status` keeps its meaning): whether the person is verified, worked out when the
         *     verification finishes, by one table (`src/domain/decision.ts`). `null` while pending.
         *     - `approved`: every requested check passed, none within `REVIEW_MARGIN` (default 0.05) of its
         *       threshold.
         *     - `declined`: a check failed for a reason that means the document or the person is not genuine or
         *       does not match: `check_digit_mismatch`, `mrz_invalid_field`, `document_expired` (also a
         *       document that passed at its upload and expired before the verification finished),
         *       `document_type_mismatch`, `viz_mrz_mismatch`; `document_failed` and every `*_mismatch` of
         *       identity (not its `*_partial_match`; and `first_name_mismatch` or `last_name_mismatch` only
         *       for a name sent as text or printed on the page as the zone has it: a name OCR read from a
         *       zone its page does not confirm may be misread, and is reviewed with that reason); `below_threshold` (a face match further than the margin below its threshold, from
         *       captures of good quality);
         *       `spoof_suspected`, `different_person`, `action_not_performed` and every `*_not_shown` of
         *       liveness. Also a verification that expired before its checks finished (`failed`:
         *       `verification_expired`), or whose personal data was erased before they finished (`failed`:
         *       `verification_redacted`).
         *     - `review`: the automation cannot tell, and a person should look: a check failed only for
         *       reasons of capture or missing data (`mrz_not_found`, `expiration_date_unreadable`,
         *       `no_document`, `applicant_not_declared`, `document_unconfirmed`, `no_face*`, `multiple_faces`, `depth_unmeasured`,
         *       `face_*` quality reasons, `image_*`, `glare`) or for a declared name that matches in part
         *       (`first_name_partial_match`, `last_name_partial_match`); a face match score within the margin of its threshold, passing
         *       or not (`face_match_near_threshold`); a presentation-attack signal that passed within the
         *       margin of its threshold, or a `same_person` score within the margin of its, passing or not
         *       (`liveness_near_threshold`); an MRZ sent as text that the photo's own zone does not have
         *       as sent (`mrz_text_differs`), or whose photo shows no zone (`mrz_text_unconfirmed`); a document that passed while its printed
         *       page could not be read (`viz_unread`), or was read but does not print one of the zone's
         *       values (names, number, dates) as the zone has it, which OCR cannot tell from a value painted
         *       over or hidden by glare (`viz_unconfirmed`); a date of birth that makes the holder 100 or
         *       older (`birth_century_unconfirmed`: a zone writes two digits of year, read as the latest
         *       century that puts the birth in the past; a birth a century earlier comes from the printed page
         *       or the declared date, where one changed digit would make an adult of a child); a failed check whose reasons this table does not
         *       know, or that has none (results stored by an earlier version: `unexplained_failure`).
         *     A declining reason wins over reasons for review.
         * @enum {string|null}
         */
        VerificationDecision: "approved" | "declined" | "review" | null;
        /** @description A verification as listed by `GET /verifications`. */
        VerificationSummary: {
            /** @description `vry_<uuid v4>`. */
            id: string;
            status: components["schemas"]["VerificationStatus"];
            client_reference: string | null;
            checks: components["schemas"]["CheckName"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            decision?: components["schemas"]["VerificationDecision"];
        };
        /** @description Results keyed by check name. Only finished, requested checks appear. Decided: the checks of one verification judge one document and one selfie. A document or selfie uploaded, or a result that judged another document or selfie (`document_id`, `selfie_id`) than an earlier result, takes that earlier result out, and its check is pending again: a document or selfie sent after a face match makes the match pending until `POST /verifications/{id}/face-match` is run again (and a selfie sent after liveness, the liveness check), so that a verdict never rests on a face matched against another document, or on a live person other than the one matched. */
        ChecksResults: {
            document?: components["schemas"]["DocumentCheckResult"];
            identity?: components["schemas"]["IdentityCheckResult"];
            face_match?: components["schemas"]["FaceMatchCheckResult"];
            liveness?: components["schemas"]["LivenessCheckResult"];
        };
        /** @enum {string} */
        DocumentType: "passport" | "id_card" | "residence_permit" | "visa" | "other";
        /**
         * @description ICAO 9303 layout.
         * @enum {string}
         */
        MrzFormat: "TD1" | "TD2" | "TD3" | "MRVA" | "MRVB";
        /** @description Whether each check digit matches. */
        MrzCheckDigits: {
            document_number: boolean;
            date_of_birth: boolean;
            /** @description Null for the French identity card, whose MRZ has no expiry (it follows from the month of issue). */
            expiration_date: boolean | null;
            /** @description Null for formats without a composite check digit (MRVA, MRVB). */
            composite: boolean | null;
        };
        /** @description Fields read from the machine-readable zone, `<` fillers removed (inner fillers become spaces); null when empty or unreadable. Dates are YYYY-MM-DD: a birth year is placed in the latest century that does not put it in the future, an expiry year in 20YY unless that is more than 20 years ahead, then 19YY (`991231` is 1999-12-31: no document is valid that long). Sex `X` and `<` are both `X` (unspecified). Visas: MRV-A (2 × 44) and MRV-B (2 × 36), whose optional data has no check digit and which have no composite one. The French national identity card of 1988–2021 (2 × 36, `IDFRA…`) is reported as `TD2`: its 12-character number as printed, nationality `FRA`, its administrative code as `optional_data`, and an expiry worked out from the month of issue that begins its number (10 years; 15 for an adult's card issued from 2004), taken as the last day before that month's anniversary since the day is not in the zone. */
        MrzData: {
            format: components["schemas"]["MrzFormat"];
            document_code: string | null;
            issuing_state: string | null;
            document_number: string | null;
            surname: string | null;
            given_names: string | null;
            nationality: string | null;
            /** @description YYYY-MM-DD. */
            date_of_birth: string | null;
            /** @description `M`, `F` or `X`. */
            sex: string | null;
            /** @description YYYY-MM-DD. */
            expiration_date: string | null;
            optional_data: string | null;
            check_digits: components["schemas"]["MrzCheckDigits"];
        };
        DocumentCheckDetails: {
            document_type: components["schemas"]["DocumentType"];
            /** @description The MRZ read or sent; null when none could be read. */
            mrz: components["schemas"]["MrzData"] | null;
            /** @description Whether the expiration date is in the past; null when unknown. */
            expired: boolean | null;
            viz?: components["schemas"]["VizCrossCheck"];
        };
        /** @enum {string} */
        VizField: "surname" | "given_names" | "document_number" | "date_of_birth" | "expiration_date";
        /**
         * @description `match`: printed as in the MRZ: letter for letter, a name also as ICAO transliterates it (MÜLLER for `MUELLER` or `MULLER`) or as OCR reads it without its diacritics (SCHRODER for `SCHROEDER`), in a line of names (and labels) alone, not inside another field, and where the page labels the name (Surname, Naam, Nom …; a label's word of five letters or more also as OCR misreads small type, rn or rm read as m, n as m, l as i: Sumame, Voomamen, Glven; a name a letter away from a label's word, JAMES or BARNES, is no label; a line holding a word of the name's label is that label whatever else it holds, Surname (holder), and its own line is one of its lines, Surname MÜLLER), as the whole value of a line printed right under each such label or right after it in its row (labels left of their values), given names run onto the line right under it read with it (a surname only when its first line has 20 letters or more in words of two letters or more, too long for its field, whatever pads it), and every line of words printed there that holds no label's word (or, under the label, a word none of the zone's names, whatever digit is put onto it, before a label's words: MÜLLER (BIRTH NAME), MÜLLER1 NAME) and is no date (its words months' beside a date) that name, whatever digit, mark, word or date is put onto it (a second name printed in the label's row or under it, beside the page's own, leaves the name unconfirmed; on a page read without its layout, one of the few lines read after the label prints it); a line's parts either side of a slash are one name's two spellings only on the page of a state printing names in its own script and in Latin letters (ИВАНОВА/IVANOVA; the zone's issuing state, where the page also names that state in Latin letters on a line holding none of the zone's names: RUSSIAN FEDERATION, HELLENIC), as is a line of its own script with the Latin line right under it: elsewhere a name after a slash (MÜLLER/ KRAMER) is a second name; a date as the earliest date the page prints for a birth, the latest for an expiry, on a page that prints at most one other date (the issue), between the two, within 16 years of the expiry and not after the day of the check (a validity beginning later is an expiry made its start) (a date added to a page leaves the page's own among the others, and a date printed twice counts twice; where the page's layout is read and no label names the expiry, its label misread, that other date is under the issue's or a validity's label, or the zone's expiry the only date under or after a label still saying it labels a date (Date o, Datum): a card printing no issue date is not revived by a later date added in a blank or beside its own expiry's label, and a page whose date labels are all misread goes to review); and where the page labels a date (Date of birth, Geboortedatum, Date of expiry, Gültig bis …), the date under that label (words put after a date, 09 FEB 2019 UPDATED, or before it where its line begins left of the label, ISSUED 14.09.2021, do not make it another label's; a label naming the expiry, Date of expiry or Caducidad, is the expiry's whatever is put onto it, and a validity's label names its first date's word before its last's, Valid from - until), no other date there, and not under the label of another date or field (a date printed over the date of issue or the place of birth). A label's values are the line printed right under it, the line right after it in its row (labels left of their values), and the label's own line. A line with its own label beside it is not the value of the label above it when that label names no date, or prints its own date after its words and nothing more, over that line (labels beside their values, read as one line); a date's label otherwise keeps the line under it, whatever is printed beside that line or before the label. The labels of a row and the dates under them go together in the order printed (two columns read as one line): when the row prints more dates than it has labels, each date counts as under each label, and with fewer, the label's date must be one of the row's. Every line in a date's row and in the row above it, and in the row under a date's label, is read for this, whatever its size; a label over digits that read as no date (a date spoilt, whatever field's word is put onto it: a month's word or six digits), also beside a date on their line (23.05.19480 (23.05.1958), whatever label's words are put before that date; under a label saying only that it labels a date, both birth and expiry), or a date whose every label is over nothing read and beside nothing, or over words alone (its value covered, or a word printed over it: VERLENGD), leaves its date unknown (`near`). A date in words is a day, months' words alone (in one language or several, a first one in another script) and a year: a name between a month and a year makes no date. A document number likewise: where the page labels it (Documentnummer, Card No., N°, whatever digits number the label, and whatever else its line holds), every line under the label or beside it that prints a number prints the zone's exactly (whole, or in groups, beside no other number; a date on the same line is no part of it), and so does what follows the label on its own line where that line prints a number (Passport No. YGT726RPV), and a number with a label's words put after it, or before it under a label over its value (BSN No. NW8K2P7R4), is still the label's value, as is a number line under the label beginning more than two characters' widths apart from it, or any on a page printing its labels over their values (where a label over a line of words alone, ZIE BLZ / SEE PAGE, shows no number); a label naming another number too (Document No. and Personal No. read as one line) labels both columns, and the number printed under its words naming the document's number (Documentnummer, Card No.; where the lines' lengths place them, the two values read as one line too) is the zone's. Otherwise a copy printed elsewhere is only `near`. A limit: a label in words the check does not know (other languages, a label misread or reprinted) says nothing of its date, text added into a row of labels changes their order, a given name printed on the line under the page's own reads as the same names run onto two lines, and a surname that is a label's word (DATE, CARD, or one as OCR misreads it: MANES) is the value under its label only on a page printing its labels in small letters and its values in capitals (elsewhere it reads as a label, so that a name printed beside its label is the only one there). `near` (decided): found, but confirming nothing, since a zone changed a letter at a time reads the same: a value within OCR's noise of it (a letter in a value of 5 to 9 characters, two in a longer one), the same but for letters OCR or spelling take for one another (GROSS for `GROS`, 8 for B and 0 for O in a number), the same letters with a space the page's reading lost (the line is read again, cut a little thicker and thinner, and a reading printing the zone's words with their spaces, letter for letter, confirms it) or the zone added (JOSEPHINE for `JOSE<PHINE`), or a date printed as another date of the page (a birth date that is the date of issue). A verification whose page shows a value only `near` goes to review (`viz_unconfirmed`). `mismatch`: printed otherwise; `unread`: not found on the page. A limit: OCR does not read diacritics, so a zone with an E put after an A, O or U (`RAFAEL` for a page's RAFAL) cannot be told from a transliteration.
         * @enum {string}
         */
        VizFieldStatus: "match" | "near" | "mismatch" | "unread";
        /** @description The printed page (the visual inspection zone) read by the same OCR and compared with the MRZ, whether the MRZ was read from the photo or sent as text; the page is the front's, wherever the zone was read. Only the page's own text counts: above the zone, as wide as the zone and as high as a data page is for its width, when the photo shows the zone; else the group of lines around those that print the zone's values. Neither the zone's own lines (whatever their optional fields hold) nor text beside the document (a note on the desk) confirms a value; a line of the page is the zone's only where it reads as a line of the zone (on a front read against a zone from elsewhere, where it shows the whole zone, one line under another), so a value with `<` written after it (MÜLLER<<<<), or padded to read as one line of the zone, is still the page's value under its label, and a line in the row of a name or number, or in the row under it, is read however long it is (a name run on with other words). With an MRZ sent as text, the photo's own zone counts too (`sent_zone`). A value printed within OCR's noise of the zone's is `near`: found, not confirmed. The page disagrees (reason `viz_mrz_mismatch`, the fields in `disagreeing`) when it prints a name without what the MRZ adds to it (a zone's `<` fillers misread as letters), or when it was read (`page_read`: its labels were, or it shows every field the MRZ has) and shows at most one of the five fields, `match` or `near` (a page painted over, or another person's). A page that does not read well disagrees with nothing: `page_read` false, fields `unread`. */
        VizCrossCheck: {
            page_read: boolean;
            fields: {
                surname: components["schemas"]["VizFieldStatus"];
                given_names: components["schemas"]["VizFieldStatus"];
                document_number: components["schemas"]["VizFieldStatus"];
                date_of_birth: components["schemas"]["VizFieldStatus"];
                expiration_date: components["schemas"]["VizFieldStatus"];
            };
            disagreeing: components["schemas"]["VizField"][];
            /** @description Decided: present only when a date was found printed with a two-digit year and its month in words (British passports: `14 MAR /MARS 85`), the dates so found. Such a date confirms the zone's day, month and year digits when the page agrees with the zone's two dates, which say their centuries: birth and expiry printed as two dates, and every other date printed (the issue) between them in some century; otherwise it is `near`. It says nothing of the century: the identity check's rule for a birth a century before the zone's reading (a declared `1924-03-14` for a zone's `240314`) still applies, as when the page does not print the date. */
            two_digit_years?: ("date_of_birth" | "expiration_date")[];
            /** @description Decided: present only with an MRZ sent as text. How it stands against the zone the photo shows, as OCR read it (the back's when a back was sent and shows one). `photo_zone` false: the photo shows none, so nothing confirms the fields the page is not compared on (nationality, issuing state, sex), and the decision sends the verification to review (`mrz_text_unconfirmed`; send the side that shows the zone). `differs`: what the photo's zone has otherwise, and `check_digits` when one of the photo's fails; one of the two readings is wrong and nothing says which, so the decision sends it to review (`mrz_text_differs`). A number or date that differs from a photo's zone whose check digits all hold is also `mismatch` in `fields`, which declines. */
            sent_zone?: {
                photo_zone: boolean;
                differs: ("document_code" | "issuing_state" | "surname" | "given_names" | "document_number" | "nationality" | "date_of_birth" | "sex" | "expiration_date" | "optional_data" | "check_digits")[];
            };
        };
        /** @description Result of the `document` check. Fails on a check-digit mismatch, an expired document, or no readable MRZ. `reasons`: `mrz_not_found` (no MRZ could be read from the images), `check_digit_mismatch` (a check digit does not hold: see `details.mrz.check_digits`), `mrz_invalid_field` (a field the parser rejects, such as an impossible date, or a name holding the zone's `<` fillers misread as K: three K's in a row, or two ending it), `document_expired`, `expiration_date_unreadable`, `viz_mrz_mismatch` (the printed page disagrees with the MRZ: see `details.viz`), and `document_type_mismatch` (the MRZ's document code does not fit the declared `document_type`: `P` passport; `I`, `A`, `C` id_card; also `R` residence_permit; `V` visa; `other` takes any). MRZs are read by PaddleOCR models on the CPU, in worker threads; an MRZ sent as text is parsed as is. Formats TD1, TD2 and TD3. A limit: the check reads text. It judges the zone and whether the page's own text confirms it, not the document's make (layout, fonts, security printing): a counterfeit whose page and zone agree, even a plain sheet printing the values and a zone, passes it; so does a page with text added onto it, in the rows of its names, that prints the forged zone's names (a sticker): a name is looked for in the few lines read after its label (a row may hold two columns), not at its field's exact place. Face match (the portrait on the page) and a person's review are what stand against those. */
        DocumentCheckResult: {
            passed: boolean;
            /** @description snake_case codes saying why the check did not pass; empty when passed. */
            reasons: ("mrz_not_found" | "check_digit_mismatch" | "mrz_invalid_field" | "document_expired" | "expiration_date_unreadable" | "document_type_mismatch" | "viz_mrz_mismatch")[];
            /** @description The upload (`doc_<uuid>`) that was checked. */
            document_id: string;
            details: components["schemas"]["DocumentCheckDetails"];
            /** Format: date-time */
            completed_at: string;
        };
        /** @description Holder data taken from the document; null where the document did not give it. */
        IdentityHolder: {
            first_name: string | null;
            last_name: string | null;
            /** @description YYYY-MM-DD. */
            date_of_birth: string | null;
            document_number: string | null;
            nationality: string | null;
        };
        /** @description Per declared applicant field, whether it matches the document; null when the applicant did not declare it. */
        IdentityMatches: {
            first_name: boolean | null;
            last_name: boolean | null;
            date_of_birth: boolean | null;
            document_number: boolean | null;
            nationality: boolean | null;
        };
        IdentityCheckDetails: {
            /** @description The document holder's data compared; null once the verification is redacted. */
            holder: components["schemas"]["IdentityHolder"] | null;
            matches: components["schemas"]["IdentityMatches"];
            /**
             * Format: date
             * @description Decided (additive): the compared document's expiry date, as its zone gives it; null when none was read. The decision, made when the verification finishes, declines a document that expired since its upload (`document_expired`), also when `document` was not requested.
             */
            document_expires_on?: string | null;
        };
        /** @description Result of the `identity` check. Fails on any mismatch, on a failed document, or when no document was read (then `no_document` alone: the declared fields are `false` in `matches`, as nothing confirms them, but nothing read is no mismatch). `reasons` examples: `first_name_mismatch`, `date_of_birth_mismatch`, `document_failed`, `no_document`, `applicant_not_declared` (the verification declared no applicant data to compare), `document_unconfirmed` (decided: only when `identity` was requested without `document`, whose result is then not stored: the document passed, but its printed page could not be read or does not print the zone's values, or the zone sent as text differs from the photo's or no photo shows it, what the decision calls `viz_unread`, `viz_unconfirmed`, `mrz_text_differs` or `mrz_text_unconfirmed`; the holder data is not taken from a zone no page confirms). Names compare the way ICAO 9303 Part 3 writes them in an MRZ: upper case, diacritics removed, its transliterations of Latin letters (Ü → UE or U, ß → SS, Ø → OE or O, Đ → D or DJ …), Cyrillic (Щ → SHCH, Ю → IU …) and Greek (Θ → TH, ΟΥ → OU …), apostrophes omitted (O'Brien = OBRIEN; a filler is accepted too), hyphens and spaces as fillers. A declared first name matches the MRZ's given names or their first ones. When the MRZ's name field is full, its last name may have been cut to fit: a declared name that begins with it matches (decided: a surname only when it took half the field or more, or no more than initials follow it; a short surname before given names that fill the field was written whole). A name field with no `<<` holds a surname alone: `given_names` is null. `nationality` `DEU` matches the MRZ's `D`; a limit: the zone's nationality (like its issuing state and sex) is guarded by no check digit and compared with no value of the printed page, so a zone whose nationality alone was changed is not seen. Decided: a zone writes the year of birth in two digits, read as the latest century that puts it in the past; a declared date of birth a century earlier on the same day (1924-03-14 for a zone's 240314) matches, and is the holder's date reported, unless the printed page shows the date with its century (a page printing 2015 is not a holder born in 1915); the document check's `details.mrz.date_of_birth` is in the century its printed page gives, when the page prints the same day a century earlier. A `document_number` compares without spaces or dashes, case aside, with the letters O and I taken for the digits 0 and 1 (they print alike, and people type one for the other). Decided: a declared name that does not match but matches in part fails with `first_name_partial_match` or `last_name_partial_match` instead of `*_mismatch` (its `matches` entry is still `false`), which the decision sends to review, not decline: the same letters once the two-letter transliterations AE, OE, UE, AA are read as one letter and spaces are dropped (Muller for `MUELLER`, Vanderberg for `VAN DER BERG`); every word of one side among the other's, words of one letter aside (Smith for `SMITH JONES`, Maria for `ANNA MARIA`); initials in the place of the zone's words (A. M. for `ANNA MARIA`, v.d. Berg for `VAN DER BERG`); for a holder whose state writes names in another alphabet (Cyrillic, Greek, Arabic, Asian scripts: the zone's nationality), another Latin spelling of the same name (Yulia for `IULIIA`, Alexander for `ALEKSANDR`: the same consonants once letters such spellings trade are made one); a name holding a word in letters no zone writes, or mixing Latin, Cyrillic or Greek letters in a word (a letter that only looks Latin), whose other words are the zone's; or the declared first and last names exchanged (both fields then say so). Invisible format characters (a zero-width space, a soft hyphen) are no part of a name. */
        IdentityCheckResult: {
            passed: boolean;
            /** @description snake_case codes saying why the check did not pass; empty when passed. */
            reasons: ("no_document" | "document_failed" | "document_unconfirmed" | "applicant_not_declared" | "first_name_mismatch" | "last_name_mismatch" | "first_name_partial_match" | "last_name_partial_match" | "date_of_birth_mismatch" | "document_number_mismatch" | "nationality_mismatch")[];
            /** @description The upload compared; null when no document was read. */
            document_id: string | null;
            details: components["schemas"]["IdentityCheckDetails"];
            /** Format: date-time */
            completed_at: string;
        };
        /** @description The model that produced a biometric score, so the score can be interpreted later. */
        BiometricModel: {
            name: string;
            version: string;
        };
        /** @description Result of the `face_match` check: passes when `score` is at least `threshold` (`FACE_MATCH_THRESHOLD`, default 0.75). `score` is the cosine similarity of the two faces' embeddings (`model`: @vladmandic/human's faceres, 1024 numbers), each taken from a crop around the face re-detected at full resolution; the largest face of the document is its portrait. Decided: only faces on the document's page count: a zone's page is drawn around the lines that read as the zone, as wide as they are and as high as a data page is for that width, turned as the photo is, and must hold most of the lines read as printed; a front whose zone is on the back (or sent as text) is the group of lines lying close together that prints the zone's values, a tenth larger each way; for face match alone (neither `document` nor `identity` requested, the page's lines found but not read), the largest such group, as far as its lines reach and a fiftieth more (a face held over the page's edge, its centre off the page, is no portrait). A photo in which no page is found (under four lines of text: a face photographed alone, a page too blurred or too small) has no portrait (`no_face_in_document`). A face beside the page (held up next to the document, or the person holding it) is no portrait; a page whose portrait is covered, or a photo that shows the zone twice (a copy of it elsewhere), has `no_face_in_document`. A page photographed upside down or on its side has its faces found with the photo turned by the quarter turn that sets the page upright (an upside-down portrait is not found, or read as another face): the way its lines read, by the vote of OCR's direction classifier (on a page whose zone is read, the way the zone reads). `reasons`: `no_face_in_document`, `no_face_in_selfie`, `multiple_faces` (more than one face in the selfie; decided: or faces of more than one person in the document photo, such as a face held up beside the document, which would otherwise be compared as its portrait: a second face whose similarity to the largest is under 0.6, or under `threshold` if that is lower; a second print of the same portrait, a ghost image, even faint, is no other person), `below_threshold`. Decided: a score below the threshold comes with the reasons either face was captured too poorly to be judged (the score is still reported), so that a client asks for a retake rather than concluding another person. These face quality codes are measured on the face's own pixels: its box under 80 px on its short side (`face_too_small`), its sharpness (RMS of the Laplacian per unit of contrast) under 5 (`face_blurry`), its mean grey under 50 of 255 (`face_too_dark`: kept low so that dark skin in good light is not called dark), its yaw or pitch over 25° (`face_not_frontal`, judged on selfies and frames only), or the band of its eyes or of its mouth far darker than the face (`face_occluded`: a dark band, glasses, a hand; a light mask is not told apart). They say how the photo was taken, never that the person differs. */
        FaceMatchCheckResult: {
            passed: boolean;
            /** @description snake_case codes saying why the check did not pass; empty when passed. */
            reasons: ("no_face_in_document" | "no_face_in_selfie" | "multiple_faces" | "below_threshold" | "face_too_small" | "face_blurry" | "face_too_dark" | "face_not_frontal" | "face_occluded")[];
            /** @description Similarity from 0 to 1; null when a face could not be found in one of the images. */
            score: number | null;
            /** @description The configured similarity needed to pass. */
            threshold: number;
            /** @description The document upload compared (`doc_<uuid>`). */
            document_id: string;
            /** @description The selfie upload compared (`doc_<uuid>`). */
            selfie_id: string;
            model: components["schemas"]["BiometricModel"];
            /** Format: date-time */
            completed_at: string;
        };
        /** @description One liveness signal, e.g. `face_detected`, `single_face`, `image_quality`, the presentation-attack signals (`screen_pattern`, `print_tones`, `paper_border`, `glare`), `same_person`, `depth_motion`, and `action_<action>` for each action of an active challenge. `antispoof` appears only in results made before 2026-11-26 (a model's score that did not tell replays from live faces). */
        LivenessSignal: {
            /** @enum {string} */
            name: "face_detected" | "single_face" | "image_quality" | "screen_pattern" | "print_tones" | "paper_border" | "glare" | "antispoof" | "action_turn_left" | "action_turn_right" | "action_look_up" | "action_blink" | "action_smile" | "action_open_mouth" | "same_person" | "depth_motion";
            passed: boolean;
            /** @description From 0 to 1; null for a signal that is only pass or fail. */
            score: number | null;
            /** @description Decided (additive): the score the signal needs to pass, where it is compared with a setting: `same_person` (`FACE_MATCH_THRESHOLD`). Within `REVIEW_MARGIN` of it, below or above, the verification goes to review (`liveness_near_threshold`) rather than being declined or approved. */
            threshold?: number;
        };
        /** @description Result of the `liveness` check, passive (on a selfie: `selfie_id` set, `challenge_id` null) or active (`challenge_id` set). Passive signals: `face_detected` (score: detector confidence), `single_face`, `image_quality` (the image at least 240 px on its short side, the face 80 px: `face_too_small`, sharpness from the Laplacian, mean grey level 40–225), and what a photo of a screen or of a print carries that a live face does not: `screen_pattern` (a periodic pattern over the face, a screen's pixel grid or its moiré, from the spectrum of its grey and colour), `print_tones` (the face's darkest tones far above black for its brightest, as ink on paper has them), `paper_border` (a sheet's straight edges with bare paper beside them on more than one side of the face) and `glare` (a clipped patch over 5 % of the face, a glossy screen's or print's reflection). Each of those scores 1 for nothing of the attack and 0.5 at its threshold; the first three fail with `spoof_suspected`, `glare` with `glare` (the photo may be retaken away from the light). Their error rates on the service's attack set are in BENCHMARKS.md. `score` is the mean of the signals' scores. `reasons`: `no_face`, `multiple_faces`, `image_too_small`, `image_blurred`, `image_underexposed`, `image_overexposed`, `spoof_suspected`, `depth_unmeasured` (review: see the verify operation), `glare`, `action_not_performed`, `<action>_not_shown`, `different_person`, and the face quality codes of `FaceMatchCheckResult` (`face_too_small`, `face_blurry`, `face_too_dark`, `face_not_frontal`, `face_occluded`), which fail `image_quality`. */
        LivenessCheckResult: {
            passed: boolean;
            /** @description snake_case codes saying why the check did not pass; empty when passed. */
            reasons: ("no_face" | "multiple_faces" | "image_too_small" | "image_blurred" | "image_underexposed" | "image_overexposed" | "spoof_suspected" | "depth_unmeasured" | "glare" | "action_not_performed" | "turn_left_not_shown" | "turn_right_not_shown" | "look_up_not_shown" | "blink_not_shown" | "smile_not_shown" | "open_mouth_not_shown" | "different_person" | "face_too_small" | "face_blurry" | "face_too_dark" | "face_not_frontal" | "face_occluded")[];
            /** @description Overall liveness score from 0 to 1. */
            score: number;
            /** @description One item per signal. */
            checks: components["schemas"]["LivenessSignal"][];
            /** @description The selfie examined or compared against; null when none was used. */
            selfie_id: string | null;
            /** @description The active challenge verified; null for passive liveness. */
            challenge_id: string | null;
            model: components["schemas"]["BiometricModel"];
            /** Format: date-time */
            completed_at: string;
        };
        DocumentUploadRequest: {
            document_type: components["schemas"]["DocumentType"];
            /** @description Base64 JPEG, PNG or WebP; at most 10 MB decoded and 8,000 px a side. */
            front_image: string;
            /** @description Base64 JPEG, PNG or WebP of the back side (ID cards); same limits. */
            back_image?: string;
            /** @description MRZ text from an on-device reader, lines separated by `\n`; judged as sent instead of the zone read from the images, which must agree with it (`VizCrossCheck`). */
            mrz?: string;
        };
        DocumentUploaded: {
            /** @description `doc_<uuid>`. */
            document_id: string;
            verification_id: string;
            document_type: components["schemas"]["DocumentType"];
            /** Format: date-time */
            created_at: string;
            verification_status: components["schemas"]["VerificationStatus"];
            checks_results: components["schemas"]["ChecksResults"];
        };
        SelfieUploadRequest: {
            /** @description Base64 JPEG, PNG or WebP; at most 10 MB decoded and 8,000 px a side. */
            image: string;
        };
        SelfieUploaded: {
            /** @description `doc_<uuid>`; selfies share the id space of documents. */
            document_id: string;
            verification_id: string;
            /** @enum {string} */
            document_type: "selfie";
            /** Format: date-time */
            created_at: string;
        };
        FaceMatchRequest: {
            /** @description Document upload to compare; default the latest. */
            document_id?: string;
            /** @description Selfie upload to compare; default the latest. */
            selfie_id?: string;
        };
        /** @enum {string} */
        LivenessAction: "turn_left" | "turn_right" | "look_up" | "blink" | "smile" | "open_mouth";
        LivenessChallenge: {
            /** @description `lch_<uuid>`. */
            challenge_id: string;
            verification_id: string;
            /** @description The actions to perform, in this order. At least one is a head movement (`turn_left`, `turn_right` or `look_up`): the `depth_motion` signal judges its frame. Never an action the selfie already shows (a smile, an open mouth, closed eyes). */
            actions: components["schemas"]["LivenessAction"][];
            /**
             * Format: date-time
             * @description Two minutes after creation.
             */
            expires_at: string;
        };
        LivenessFrame: {
            action: components["schemas"]["LivenessAction"];
            /** @description Base64 JPEG, PNG or WebP; at most 10 MB decoded and 8,000 px a side. */
            image: string;
        };
        ActiveLivenessVerifyRequest: {
            challenge_id: string;
            frames: components["schemas"]["LivenessFrame"][];
        };
        /**
         * @description `admin`: everything. `service`: verifications, uploads, checks, its webhook. `readonly`: read verifications. `auditor`: read verifications, list keys, dashboard.
         * @enum {string}
         */
        Role: "admin" | "service" | "readonly" | "auditor";
        /**
         * @description A privileged action the audit log records (see `GET /admin/audit-events`).
         * @enum {string}
         */
        AuditAction: "api_key.created" | "api_key.revoked" | "webhook.configured" | "webhook_delivery.replayed" | "verification.reviewed" | "verification.redacted" | "verification.image_viewed" | "console.signed_in" | "console.signed_out";
        /** @description One entry of the audit log. Holds no personal data and no secret. */
        AuditEvent: {
            /** @description `aud_<uuid>`. */
            id: string;
            action: components["schemas"]["AuditAction"];
            /** @description The key that acted (`key_<uuid>`). */
            actor_key_id: string;
            /** @description The acting key's role; null for the service's own actions (`actor_key_id` `system`). */
            actor_role: components["schemas"]["Role"] | null;
            actor_client_name: string;
            /** @enum {string} */
            target_type: "api_key" | "webhook_delivery" | "verification";
            /** @description The key, delivery or verification acted on. */
            target_id: string;
            /** @description The `X-Request-Id` of the request that acted. */
            request_id: string;
            /** Format: date-time */
            occurred_at: string;
            /** @description Non-personal facts of the action: for `api_key.created` the new key's `role` and `client_name`; for `webhook.configured` `url_changed`, `secret_rotated` and `webhook_origin`; for `webhook_delivery.replayed` the new `delivery_id`; for `verification.reviewed` `decision` and `reason`; for `verification.image_viewed` `upload_id` and `kind`. */
            details: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** @description The token the console's page put in its form: required when the form is posted with the session cookie (it proves the form came from the console's own page), ignored with a Bearer header. */
        ConsoleCsrfToken: string;
        ApiKey: {
            /** @description `key_<uuid>`. */
            id: string;
            client_name: string;
            role: components["schemas"]["Role"];
            /** Format: date-time */
            created_at: string;
        };
        /** @description `role` defaults to `service` when left out. */
        ApiKeyCreateRequest: {
            /** @description Client the key belongs to; 1 to 200 characters after trimming. */
            client_name: string;
            role?: components["schemas"]["Role"];
        };
        ApiKeyCreated: {
            /** @description `key_<uuid>`. */
            id: string;
            client_name: string;
            role: components["schemas"]["Role"];
            /** @description The secret, `ivs_` followed by 43 base64url characters. Shown only in this response. */
            key: string;
            /** Format: date-time */
            created_at: string;
        };
        StatusOk: {
            /** @enum {string} */
            status: "ok";
        };
        /** @description A field left out keeps its stored value. */
        WebhookConfigUpdate: {
            /**
             * Format: uri
             * @description Absolute http(s) URL that receives events; null turns delivery off.
             */
            webhook_url?: string | null;
            /** @description HMAC-SHA256 secret. `whsec_<base64>` (Standard Webhooks) keys `webhook-signature` with its decoded bytes; any other secret with its UTF-8 bytes. Never returned. */
            webhook_secret?: string;
            /** @description `true`: the service makes a `whsec_` secret and returns it once, in the answer's `webhook_secret`. Not together with `webhook_secret`. */
            generate_secret?: boolean;
        };
        WebhookConfigSaved: {
            /** @enum {string} */
            status: "ok";
            /** @description The secret made for `generate_secret: true`; shown only in this answer. */
            webhook_secret?: string;
        };
        /**
         * @description `pending` (queued or waiting for its due time), `delivered`, `failed`.
         * @enum {string}
         */
        WebhookDeliveryStatus: "pending" | "delivered" | "failed";
        /** @description One delivery attempt. */
        WebhookDelivery: {
            /** @description `whd_<uuid>`. */
            id: string;
            /** @description `evt_<uuid>`, the `id` of the payload and the `webhook-id` header. */
            event_id: string;
            verification_id: string;
            /**
             * @description `verification.completed`, `verification.failed`, `verification.reviewed` or `verification.redacted`.
             * @enum {string}
             */
            event_type: "verification.completed" | "verification.failed" | "verification.reviewed" | "verification.redacted";
            /** @description Target URL of this attempt. */
            webhook_url: string;
            status: components["schemas"]["WebhookDeliveryStatus"];
            /** @description HTTP status of the receiver's answer; null when no answer came (or not yet sent). */
            status_code: number | null;
            /** @description Attempt number, 1 to 4 (the first attempt plus 3 retries). */
            attempt: number;
            /** @description Number of retries after the first attempt; always 3. */
            max_attempts: number;
            /**
             * @description Why the attempt failed: `unexpected_status` (see `status_code`; redirects included), `timeout`, `connection_error`, `blocked_address`, or `webhook_disabled` (the key's URL was removed before the attempt was due; no more retries follow); null otherwise.
             * @enum {string|null}
             */
            error: "unexpected_status" | "timeout" | "connection_error" | "blocked_address" | "webhook_disabled" | null;
            /** @description The delivery this one replays; null for an original delivery. */
            replay_of: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When a 2xx answer was received; null unless `status` is `delivered`.
             */
            delivered_at: string | null;
        };
        WebhookReplayRequest: {
            /** @description Id (`whd_<uuid>`) of a delivery of the calling key. */
            delivery_id: string;
        };
        WebhookReplayAccepted: {
            /** @description `whd_<uuid>` of the queued delivery. */
            new_delivery_id: string;
        };
        /** @description Payload of a webhook delivery. */
        WebhookEvent: {
            /** @description `evt_<uuid>`; also sent as `webhook-id`. */
            id: string;
            /** @enum {string} */
            event: "verification.completed" | "verification.failed" | "verification.reviewed" | "verification.redacted";
            /** @description `vry_<uuid>`. */
            verification_id: string;
            status: components["schemas"]["VerificationStatus"];
            /**
             * Format: date-time
             * @description When the verification reached this status.
             */
            timestamp: string;
            decision?: components["schemas"]["VerificationDecision"];
        };
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        Readiness: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            /** @enum {string} */
            database: "ok" | "unavailable";
        };
    };
    responses: {
        /** @description A server-rendered console page (every value escaped, no script). */
        ConsolePage: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example <!doctype html>
                 *     <html lang="en"><head><meta charset="utf-8"><title>Verification · Identity verification</title></head>
                 *     <body><nav>...</nav><main><h1>Verification vry_…</h1>...</main></body></html>
                 */
                "text/html": string;
            };
        };
        /** @description Done; the browser follows the redirect to the page that shows the result. */
        ConsoleSeeOther: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                /** @description The console page to show next. */
                Location?: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description Missing, invalid or revoked key, or an expired session (`unauthorized`): JSON, or the HTML
         *     sign-in page when no Bearer header was sent and the client accepts `text/html`.
         */
        ConsoleUnauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unauthorized",
                 *         "message": "missing API key"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
                /**
                 * @example <!doctype html>
                 *     <html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
                 *     <body><form method="post" action="/admin/sign-in">...</form></body></html>
                 */
                "text/html": string;
            };
        };
        /**
         * @description The request cannot be answered (`validation_error`, `forbidden`, `not_found`, `conflict`): the
         *     API's JSON error, or an HTML page saying why when no Bearer header was sent and the client
         *     accepts `text/html`.
         */
        ConsoleError: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "not_found",
                 *         "message": "verification not found"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
                /**
                 * @example <!doctype html>
                 *     <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
                 *     <body><h1>Not found</h1><p role="alert">verification not found</p></body></html>
                 */
                "text/html": string;
            };
        };
        /** @description Validation failed (`validation_error`), including malformed JSON. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "validation_error",
                 *         "message": "request body is invalid",
                 *         "details": [
                 *           {
                 *             "path": "/checks/1",
                 *             "message": "must be equal to one of the allowed values"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Missing, invalid or revoked API key (`unauthorized`). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unauthorized",
                 *         "message": "invalid API key"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The key's role lacks the operation's permission (`forbidden`). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "forbidden",
                 *         "message": "insufficient permissions: readonly requires verifications:create"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Unknown id, or a resource of another client or key (`not_found`). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "not_found",
                 *         "message": "verification not found"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request conflicts with the current state (`conflict`); the message says why. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "conflict",
                 *         "message": "check not requested for this verification: face_match"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description An image over the limits of "Images" (10 MB, 8,000 px a side, 40 megapixels, 160 MB decoded), or a body over the size limit (`payload_too_large`). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "payload_too_large",
                 *         "message": "front_image is larger than 8000 px on a side"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A request body whose Content-Type the operation does not take (`unsupported_media_type`): the JSON API takes `application/json`, the three upload operations also `multipart/form-data`, the console's forms `application/x-www-form-urlencoded`. An operation without a body answers this too when one is sent with another type. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unsupported_media_type",
                 *         "message": "unsupported content type: multipart/form-data"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A well-formed request that cannot be processed, such as an image that does not decode or is not JPEG, PNG or WebP (`unprocessable`). */
        Unprocessable: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unprocessable",
                 *         "message": "image: not a JPEG, PNG or WebP image"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Rate limit of the key exceeded (`rate_limited`). */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "rate_limited",
                 *         "message": "rate limit exceeded"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description More work than the service can take now (`overloaded`); nothing was stored. Retry after `Retry-After` seconds. */
        Overloaded: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "overloaded",
                 *         "message": "image analysis is at capacity: retry after 2 s"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Unexpected failure (`internal_error`); no stack trace or SQL is exposed. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "internal_error",
                 *         "message": "internal error (request id 8b0e3c52-6f2d-4a41-9d7e-2f1c0a9b8e77)"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /** @description Verification id (`vry_<uuid>`). */
        ConsoleVerificationId: string;
        /** @description Page number, from 1. */
        ConsolePage: number;
        /** @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes. */
        XSignature: string;
        /** @description The event id (`evt_<uuid>`), stable across retries and replays; use it to de-duplicate. */
        WebhookId: string;
        /** @description Unix time in seconds of this attempt; reject values too far from your clock to stop replays. */
        WebhookTimestamp: number;
        /** @description `v1,` followed by the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with a `whsec_` secret's base64-decoded bytes, or any other secret's UTF-8 bytes (Standard Webhooks). Two such signatures, space-separated, while a replaced secret is still valid (24 hours). */
        WebhookSignature: string;
        /** @description Attempt number of this delivery, 1 to 4 (the first attempt plus 3 retries). */
        XWebhookAttempt: number;
        /** @description `identity-verification-service/<version>`. */
        UserAgent: string;
    };
    requestBodies: never;
    headers: {
        /** @description Request id: the caller's `X-Request-Id` if it was 1 to 128 characters from `A-Z a-z 0-9 . _ : -`, else a generated UUID. Logs carry the same id. */
        XRequestId: string;
        /** @description Total number of items matching the filter, regardless of `limit` and `offset`. */
        XTotalCount: number;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description The key's requests per second (`RATE_LIMIT_PER_SECOND`). */
        XRateLimitLimit: number;
        /** @description Requests left in the current second; `0` on a 429. */
        XRateLimitRemaining: number;
        /** @description Seconds until the current window ends and the budget refills. */
        XRateLimitReset: number;
        /** @description Always `Bearer`. */
        WWWAuthenticate: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listVerifications: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Number of items to skip. */
                offset?: number;
                /** @description Only verifications with this status. */
                status?: "pending" | "completed" | "failed";
                /** @description Only verifications with this decision (`review` is the review queue). Decided (additive). */
                decision?: "approved" | "declined" | "review";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of verifications. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Total-Count": components["headers"]["XTotalCount"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *         "status": "completed",
                     *         "client_reference": "order-10293",
                     *         "checks": [
                     *           "document",
                     *           "identity",
                     *           "face_match",
                     *           "liveness"
                     *         ],
                     *         "created_at": "2026-11-21T10:00:00.000Z",
                     *         "completed_at": "2026-11-21T10:04:12.345Z"
                     *       },
                     *       {
                     *         "id": "vry_0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
                     *         "status": "pending",
                     *         "client_reference": null,
                     *         "checks": [
                     *           "document"
                     *         ],
                     *         "created_at": "2026-11-21T09:58:30.120Z",
                     *         "completed_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["VerificationSummary"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    createVerification: {
        parameters: {
            query?: never;
            header?: {
                /** @description Client-chosen key, scoped to the calling client (`client_name`), that makes a retried create safe for 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "checks": [
                 *         "document",
                 *         "identity",
                 *         "face_match",
                 *         "liveness"
                 *       ],
                 *       "client_reference": "order-10293",
                 *       "applicant": {
                 *         "first_name": "Anna Maria",
                 *         "last_name": "De Vries",
                 *         "date_of_birth": "1985-03-10",
                 *         "document_number": "SPECI2014",
                 *         "nationality": "NLD"
                 *       },
                 *       "metadata": {
                 *         "channel": "mobile-app"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["VerificationCreateRequest"];
            };
        };
        responses: {
            /** @description Verification created (or the first response replayed for a repeated `Idempotency-Key`). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *       "status": "pending",
                     *       "client_reference": "order-10293",
                     *       "redirect_url": "",
                     *       "checks": [
                     *         "document",
                     *         "identity",
                     *         "face_match",
                     *         "liveness"
                     *       ],
                     *       "checks_results": {},
                     *       "metadata": {
                     *         "channel": "mobile-app"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "completed_at": null,
                     *       "expires_at": "2026-11-28T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Verification"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *       "status": "completed",
                     *       "client_reference": "order-10293",
                     *       "redirect_url": "",
                     *       "checks": [
                     *         "document",
                     *         "identity",
                     *         "face_match",
                     *         "liveness"
                     *       ],
                     *       "checks_results": {
                     *         "document": {
                     *           "passed": true,
                     *           "reasons": [],
                     *           "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                     *           "details": {
                     *             "document_type": "passport",
                     *             "mrz": {
                     *               "format": "TD3",
                     *               "document_code": "P",
                     *               "issuing_state": "NLD",
                     *               "document_number": "SPECI2014",
                     *               "surname": "DE VRIES",
                     *               "given_names": "ANNA MARIA",
                     *               "nationality": "NLD",
                     *               "date_of_birth": "1985-03-10",
                     *               "sex": "F",
                     *               "expiration_date": "2031-06-30",
                     *               "optional_data": null,
                     *               "check_digits": {
                     *                 "document_number": true,
                     *                 "date_of_birth": true,
                     *                 "expiration_date": true,
                     *                 "composite": true
                     *               }
                     *             },
                     *             "expired": false
                     *           },
                     *           "completed_at": "2026-11-21T10:01:05.210Z"
                     *         },
                     *         "identity": {
                     *           "passed": true,
                     *           "reasons": [],
                     *           "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                     *           "details": {
                     *             "holder": {
                     *               "first_name": "ANNA MARIA",
                     *               "last_name": "DE VRIES",
                     *               "date_of_birth": "1985-03-10",
                     *               "document_number": "SPECI2014",
                     *               "nationality": "NLD"
                     *             },
                     *             "matches": {
                     *               "first_name": true,
                     *               "last_name": true,
                     *               "date_of_birth": true,
                     *               "document_number": true,
                     *               "nationality": true
                     *             }
                     *           },
                     *           "completed_at": "2026-11-21T10:01:05.210Z"
                     *         },
                     *         "face_match": {
                     *           "passed": true,
                     *           "reasons": [],
                     *           "score": 0.91,
                     *           "threshold": 0.6,
                     *           "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                     *           "selfie_id": "doc_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *           "model": {
                     *             "name": "human-faceres",
                     *             "version": "3.3.6"
                     *           },
                     *           "completed_at": "2026-11-21T10:03:40.002Z"
                     *         },
                     *         "liveness": {
                     *           "passed": true,
                     *           "reasons": [],
                     *           "score": 0.94,
                     *           "checks": [
                     *             {
                     *               "name": "face_detected",
                     *               "passed": true,
                     *               "score": 0.99
                     *             },
                     *             {
                     *               "name": "single_face",
                     *               "passed": true,
                     *               "score": null
                     *             },
                     *             {
                     *               "name": "image_quality",
                     *               "passed": true,
                     *               "score": 1
                     *             },
                     *             {
                     *               "name": "screen_pattern",
                     *               "passed": true,
                     *               "score": 0.71
                     *             },
                     *             {
                     *               "name": "print_tones",
                     *               "passed": true,
                     *               "score": 0.94
                     *             },
                     *             {
                     *               "name": "paper_border",
                     *               "passed": true,
                     *               "score": 1
                     *             },
                     *             {
                     *               "name": "glare",
                     *               "passed": true,
                     *               "score": 0.96
                     *             }
                     *           ],
                     *           "selfie_id": "doc_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *           "challenge_id": null,
                     *           "model": {
                     *             "name": "human-faceres",
                     *             "version": "3.3.6"
                     *           },
                     *           "completed_at": "2026-11-21T10:04:12.345Z"
                     *         }
                     *       },
                     *       "metadata": {
                     *         "channel": "mobile-app"
                     *       },
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "completed_at": "2026-11-21T10:04:12.345Z",
                     *       "expires_at": "2026-11-28T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Verification"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    reviewVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "approved",
                 *       "reason": "document_checked_by_hand",
                 *       "note": "The printed page is legible on the original photo."
                 *     }
                 */
                "application/json": components["schemas"]["ReviewRequest"];
            };
        };
        responses: {
            /** @description The verification with its new decision. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    redactVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification, redacted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Verification"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    createCaptureLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "return_url": "https://example.com/verified",
                 *       "expires_in": 3600,
                 *       "allow_upload": false
                 *     }
                 */
                "application/json": components["schemas"]["CaptureLinkRequest"];
            };
        };
        responses: {
            /** @description Link created; an earlier link of this verification no longer works. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "https://ivs.example.com/capture/cap_q3Jx0dW4mB8yV2kL6nR1tZ5sH9cF7gP3aE0uY4iO2wX",
                     *       "expires_at": "2026-11-21T11:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CaptureLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getCaptureProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification's capture progress. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *       "status": "pending",
                     *       "checks": [
                     *         "document",
                     *         "face_match",
                     *         "liveness"
                     *       ],
                     *       "finished_checks": [
                     *         "document"
                     *       ],
                     *       "last_error": null
                     *     }
                     */
                    "application/json": components["schemas"]["CaptureProgress"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    uploadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document_type": "passport",
                 *       "front_image": "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/",
                 *       "mrz": "P<NLDDE<VRIES<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nSPECI20142NLD8503105F3106305<<<<<<<<<<<<<<02"
                 *     }
                 */
                "application/json": components["schemas"]["DocumentUploadRequest"];
                "multipart/form-data": {
                    document_type: components["schemas"]["DocumentType"];
                    /**
                     * Format: binary
                     * @description The photo's file, JPEG, PNG or WebP; at most 10 MB, 8,000 px a side.
                     */
                    front_image: string;
                    /**
                     * Format: binary
                     * @description The back side's file (ID cards); same limits.
                     */
                    back_image?: string;
                    /** @description MRZ text from an on-device reader, lines separated by `\n`; judged as sent instead of the zone read from the images, which must agree with it (`VizCrossCheck`). */
                    mrz?: string;
                };
            };
        };
        responses: {
            /** @description Document stored; the checks it feeds have run. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                     *       "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *       "document_type": "passport",
                     *       "created_at": "2026-11-21T10:01:04.870Z",
                     *       "verification_status": "pending",
                     *       "checks_results": {
                     *         "document": {
                     *           "passed": false,
                     *           "reasons": [
                     *             "document_expired"
                     *           ],
                     *           "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                     *           "details": {
                     *             "document_type": "passport",
                     *             "mrz": {
                     *               "format": "TD3",
                     *               "document_code": "P",
                     *               "issuing_state": "NLD",
                     *               "document_number": "SPECI2014",
                     *               "surname": "DE VRIES",
                     *               "given_names": "ANNA MARIA",
                     *               "nationality": "NLD",
                     *               "date_of_birth": "1985-03-10",
                     *               "sex": "F",
                     *               "expiration_date": "2025-06-30",
                     *               "optional_data": null,
                     *               "check_digits": {
                     *                 "document_number": true,
                     *                 "date_of_birth": true,
                     *                 "expiration_date": true,
                     *                 "composite": true
                     *               }
                     *             },
                     *             "expired": true
                     *           },
                     *           "completed_at": "2026-11-21T10:01:05.210Z"
                     *         },
                     *         "identity": {
                     *           "passed": false,
                     *           "reasons": [
                     *             "document_failed"
                     *           ],
                     *           "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                     *           "details": {
                     *             "holder": {
                     *               "first_name": "ANNA MARIA",
                     *               "last_name": "DE VRIES",
                     *               "date_of_birth": "1985-03-10",
                     *               "document_number": "SPECI2014",
                     *               "nationality": "NLD"
                     *             },
                     *             "matches": {
                     *               "first_name": true,
                     *               "last_name": true,
                     *               "date_of_birth": true,
                     *               "document_number": true,
                     *               "nationality": null
                     *             }
                     *           },
                     *           "completed_at": "2026-11-21T10:01:05.210Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DocumentUploaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    uploadSelfie: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "image": "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/"
                 *     }
                 */
                "application/json": components["schemas"]["SelfieUploadRequest"];
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The selfie's file, JPEG, PNG or WebP; at most 10 MB, 8,000 px a side.
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Selfie stored. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "document_id": "doc_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *       "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *       "document_type": "selfie",
                     *       "created_at": "2026-11-21T10:03:38.441Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SelfieUploaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    runFaceMatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                 *       "selfie_id": "doc_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
                 *     }
                 */
                "application/json": components["schemas"]["FaceMatchRequest"];
            };
        };
        responses: {
            /** @description The face match result. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "passed": true,
                     *       "reasons": [],
                     *       "score": 0.91,
                     *       "threshold": 0.6,
                     *       "document_id": "doc_7d1e4b2a-5c3f-4e8d-a9b0-c1d2e3f4a5b6",
                     *       "selfie_id": "doc_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *       "model": {
                     *         "name": "human-faceres",
                     *         "version": "3.3.6"
                     *       },
                     *       "completed_at": "2026-11-21T10:03:40.002Z"
                     *     }
                     */
                    "application/json": components["schemas"]["FaceMatchCheckResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    runDocumentLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
                /** @description Id of a selfie upload of this verification (`doc_<uuid>`). */
                doc_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The passive liveness result. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "passed": false,
                     *       "reasons": [
                     *         "spoof_suspected"
                     *       ],
                     *       "score": 0.82,
                     *       "checks": [
                     *         {
                     *           "name": "face_detected",
                     *           "passed": true,
                     *           "score": 0.98
                     *         },
                     *         {
                     *           "name": "single_face",
                     *           "passed": true,
                     *           "score": null
                     *         },
                     *         {
                     *           "name": "image_quality",
                     *           "passed": true,
                     *           "score": 1
                     *         },
                     *         {
                     *           "name": "screen_pattern",
                     *           "passed": false,
                     *           "score": 0
                     *         },
                     *         {
                     *           "name": "print_tones",
                     *           "passed": true,
                     *           "score": 0.75
                     *         },
                     *         {
                     *           "name": "paper_border",
                     *           "passed": true,
                     *           "score": 1
                     *         },
                     *         {
                     *           "name": "glare",
                     *           "passed": true,
                     *           "score": 1
                     *         }
                     *       ],
                     *       "selfie_id": "doc_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *       "challenge_id": null,
                     *       "model": {
                     *         "name": "human-faceres",
                     *         "version": "3.3.6"
                     *       },
                     *       "completed_at": "2026-11-21T10:03:52.610Z"
                     *     }
                     */
                    "application/json": components["schemas"]["LivenessCheckResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    createLivenessChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Challenge created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "challenge_id": "lch_2b3c4d5e-6f70-4812-93a4-b5c6d7e8f901",
                     *       "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *       "actions": [
                     *         "turn_left",
                     *         "blink",
                     *         "smile"
                     *       ],
                     *       "expires_at": "2026-11-21T10:06:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["LivenessChallenge"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    verifyActiveLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "challenge_id": "lch_2b3c4d5e-6f70-4812-93a4-b5c6d7e8f901",
                 *       "frames": [
                 *         {
                 *           "action": "turn_left",
                 *           "image": "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/"
                 *         },
                 *         {
                 *           "action": "blink",
                 *           "image": "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/"
                 *         },
                 *         {
                 *           "action": "smile",
                 *           "image": "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ActiveLivenessVerifyRequest"];
                "multipart/form-data": {
                    challenge_id: string;
                    /** @description One part per frame, in order; the n-th `action` is the action of the n-th `image`. */
                    action: components["schemas"]["LivenessAction"][];
                    /** @description One file part per frame (JPEG, PNG or WebP; at most 10 MB, 8,000 px a side each), as many as `action` parts. */
                    image: string[];
                };
            };
        };
        responses: {
            /** @description The active liveness result. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "passed": true,
                     *       "reasons": [],
                     *       "score": 0.9,
                     *       "checks": [
                     *         {
                     *           "name": "face_detected",
                     *           "passed": true,
                     *           "score": 0.99
                     *         },
                     *         {
                     *           "name": "same_person",
                     *           "passed": true,
                     *           "score": 0.88
                     *         },
                     *         {
                     *           "name": "action_turn_left",
                     *           "passed": true,
                     *           "score": 0.93
                     *         },
                     *         {
                     *           "name": "action_blink",
                     *           "passed": true,
                     *           "score": 0.9
                     *         },
                     *         {
                     *           "name": "action_smile",
                     *           "passed": true,
                     *           "score": 0.95
                     *         }
                     *       ],
                     *       "selfie_id": "doc_9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *       "challenge_id": "lch_2b3c4d5e-6f70-4812-93a4-b5c6d7e8f901",
                     *       "model": {
                     *         "name": "human",
                     *         "version": "3.3.6"
                     *       },
                     *       "completed_at": "2026-11-21T10:04:12.345Z"
                     *     }
                     */
                    "application/json": components["schemas"]["LivenessCheckResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Number of entries to skip. */
                offset?: number;
                /** @description Only entries of this action. */
                action?: components["schemas"]["AuditAction"];
                /** @description Only entries whose acting key has this id (`key_<uuid>`). */
                actor?: string;
                /** @description Only entries about this target id (a verification, key or delivery id). */
                target?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "X-Total-Count": components["headers"]["XTotalCount"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "aud_7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
                     *         "action": "verification.reviewed",
                     *         "actor_key_id": "key_0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
                     *         "actor_role": "admin",
                     *         "actor_client_name": "admin",
                     *         "target_type": "verification",
                     *         "target_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *         "request_id": "5b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d",
                     *         "occurred_at": "2026-11-26T10:15:02.118Z",
                     *         "details": {
                     *           "decision": "approved",
                     *           "reason": "document_checked_by_hand"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["AuditEvent"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "key_0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
                     *         "client_name": "admin",
                     *         "role": "admin",
                     *         "created_at": "2026-11-20T08:00:00.000Z"
                     *       },
                     *       {
                     *         "id": "key_5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
                     *         "client_name": "acme-onboarding",
                     *         "role": "service",
                     *         "created_at": "2026-11-21T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_name": "acme-onboarding",
                 *       "role": "service"
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyCreateRequest"];
            };
        };
        responses: {
            /** @description Key created; store `key` now, it is never shown again. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
                     *       "client_name": "acme-onboarding",
                     *       "role": "service",
                     *       "key": "ivs_ZQZ4YnQpq0o9UHbyouwidxTXFz27XzQNm4DBX7JaTzU",
                     *       "created_at": "2026-11-21T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Key id (`key_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Key revoked. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["StatusOk"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getDashboard: {
        parameters: {
            query?: {
                status?: components["schemas"]["VerificationStatus"];
                /** @description `review` is the review queue. */
                decision?: "approved" | "declined" | "review";
                /** @description Only verifications that requested this check, with the `outcome` below. */
                check?: components["schemas"]["CheckName"];
                /** @description The outcome of `check` (default `failed`); ignored without `check`. */
                outcome?: "passed" | "failed" | "pending";
                /** @description Only this client's verifications (`client_name`, exact). */
                client?: string;
                /** @description Created on or after this day (UTC). Decided: a day from 1970 to 2999 (past those, a 400, not a database error). */
                from?: string;
                /** @description Created on or before this day (UTC). Decided: a day from 1970 to 2999 (past those, a 400, not a database error). */
                to?: string;
                /** @description A verification id or a `client_reference`, matched exactly. */
                q?: string;
                /** @description Page number, from 1. */
                page?: components["parameters"]["ConsolePage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dashboard page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example <!doctype html>
                     *     <html lang="en"><head><meta charset="utf-8"><title>Identity verification dashboard</title></head>
                     *     <body><h1>Dashboard</h1><h2>Recent verifications</h2><table>...</table>
                     *     <h2>Webhook</h2><p>https://hooks.example.com/ivs (secret ••••3f9a)</p></body></html>
                     */
                    "text/html": string;
                };
            };
            400: components["responses"]["ConsoleError"];
            /**
             * @description Missing, invalid or revoked key. JSON `unauthorized` error, or, when no Bearer header was
             *     sent and the client accepts `text/html`, an HTML page with a sign-in form.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unauthorized",
                     *         "message": "missing API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                    /**
                     * @example <!doctype html>
                     *     <html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
                     *     <body><form method="post" action="/admin/sign-in"><label>API key <input type="password" name="api_key" autocomplete="off"></label>
                     *     <button type="submit">Sign in</button></form></body></html>
                     */
                    "text/html": string;
                };
            };
            /**
             * @description The key's role lacks `admin:dashboard` (`forbidden`): JSON, or an HTML page when the
             *     request was authenticated by the session cookie and the client accepts `text/html`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "forbidden",
                     *         "message": "insufficient permissions: service requires admin:dashboard"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                    /**
                     * @example <!doctype html>
                     *     <html lang="en"><head><meta charset="utf-8"><title>Not allowed</title></head>
                     *     <body><h1>Not allowed</h1><p>insufficient permissions: service requires admin:dashboard</p></body></html>
                     */
                    "text/html": string;
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getConsoleVerification: {
        parameters: {
            query?: {
                /** @description The image the operator clicked to see, as `<upload_id>.<side>`: the page then loads it from `getConsoleImage`. Without it, no image is loaded. */
                show?: string;
            };
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: components["parameters"]["ConsoleVerificationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ConsolePage"];
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            404: components["responses"]["ConsoleError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getConsoleImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: components["parameters"]["ConsoleVerificationId"];
                /** @description Upload id (`doc_<uuid>`). */
                upload_id: string;
                side: "front" | "back";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            404: components["responses"]["ConsoleError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    reviewConsoleVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: components["parameters"]["ConsoleVerificationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "approved",
                 *       "reason": "document_checked_by_hand",
                 *       "note": "The printed page is legible on the original photo.",
                 *       "csrf": "3q2-7wQ0yZ1xv8Jk9Lm4Np5Oq6Rs7Tu8Vw9Xy0Za1Bc"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    decision: "approved" | "declined";
                    reason: string;
                    note?: string;
                    csrf?: components["schemas"]["ConsoleCsrfToken"];
                };
            };
        };
        responses: {
            303: components["responses"]["ConsoleSeeOther"];
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            404: components["responses"]["ConsoleError"];
            409: components["responses"]["ConsoleError"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    redactConsoleVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Verification id (`vry_<uuid>`). */
                id: components["parameters"]["ConsoleVerificationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirm": "erase",
                 *       "csrf": "3q2-7wQ0yZ1xv8Jk9Lm4Np5Oq6Rs7Tu8Vw9Xy0Za1Bc"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The operator's confirmation that the erasure cannot be undone.
                     * @enum {string}
                     */
                    confirm: "erase";
                    csrf?: components["schemas"]["ConsoleCsrfToken"];
                };
            };
        };
        responses: {
            303: components["responses"]["ConsoleSeeOther"];
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            404: components["responses"]["ConsoleError"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getConsoleKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ConsolePage"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    createConsoleKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_name": "acme-onboarding",
                 *       "role": "service",
                 *       "csrf": "3q2-7wQ0yZ1xv8Jk9Lm4Np5Oq6Rs7Tu8Vw9Xy0Za1Bc"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    client_name: string;
                    role?: components["schemas"]["Role"];
                    csrf?: components["schemas"]["ConsoleCsrfToken"];
                };
            };
        };
        responses: {
            200: components["responses"]["ConsolePage"];
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    revokeConsoleKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Key id (`key_<uuid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "csrf": "3q2-7wQ0yZ1xv8Jk9Lm4Np5Oq6Rs7Tu8Vw9Xy0Za1Bc"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    csrf?: components["schemas"]["ConsoleCsrfToken"];
                };
            };
        };
        responses: {
            303: components["responses"]["ConsoleSeeOther"];
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            404: components["responses"]["ConsoleError"];
            409: components["responses"]["ConsoleError"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getConsoleWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ConsolePage"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    replayConsoleDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "delivery_id": "whd_1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                 *       "csrf": "3q2-7wQ0yZ1xv8Jk9Lm4Np5Oq6Rs7Tu8Vw9Xy0Za1Bc"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    delivery_id: string;
                    csrf?: components["schemas"]["ConsoleCsrfToken"];
                };
            };
        };
        responses: {
            303: components["responses"]["ConsoleSeeOther"];
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            404: components["responses"]["ConsoleError"];
            409: components["responses"]["ConsoleError"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getConsoleAudit: {
        parameters: {
            query?: {
                action?: components["schemas"]["AuditAction"];
                actor?: string;
                target?: string;
                /** @description Page number, from 1. */
                page?: components["parameters"]["ConsolePage"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ConsolePage"];
            400: components["responses"]["ConsoleError"];
            401: components["responses"]["ConsoleUnauthorized"];
            403: components["responses"]["ConsoleError"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    signInDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "api_key": "ivs_Xq2v8bW1r9TtQm3cJf7sLk0pZa4yHn6eUd5gRiOwVbE"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description An API key (`ivs_` and 43 base64url characters). */
                    api_key: string;
                };
            };
        };
        responses: {
            /** @description Signed in; the browser follows the redirect to the dashboard. */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    /** @description Always `/admin`. */
                    Location?: string;
                    /** @description `ivs_session=<token>; Path=/admin; Max-Age=28800; HttpOnly; SameSite=Strict` (and `Secure` over https). */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /**
             * @description Unknown, malformed or revoked key (`unauthorized`): the sign-in page again with the reason,
             *     or JSON for a client that does not accept `text/html`.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "unauthorized",
                     *         "message": "invalid or revoked API key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                    /**
                     * @example <!doctype html>
                     *     <html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
                     *     <body><p role="alert">invalid or revoked API key</p><form method="post" action="/admin/sign-in">...</form></body></html>
                     */
                    "text/html": string;
                };
            };
            /**
             * @description The key's role lacks `admin:dashboard`, or the form was posted from another site
             *     (`forbidden`): an HTML page, or JSON for a client that does not accept `text/html`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "forbidden",
                     *         "message": "insufficient permissions: service requires admin:dashboard"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                    /**
                     * @example <!doctype html>
                     *     <html lang="en"><head><meta charset="utf-8"><title>Not allowed</title></head>
                     *     <body><h1>Not allowed</h1><p>insufficient permissions: service requires admin:dashboard</p></body></html>
                     */
                    "text/html": string;
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    signOutDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    /** @description Always `/admin`. */
                    Location?: string;
                    /** @description Clears `ivs_session`. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getDashboardStylesheet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stylesheet. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example body { font-family: system-ui, sans-serif; } */
                    "text/css": string;
                };
            };
        };
    };
    getCapturePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The capture link's token (`cap_` + 43 base64url characters); anything else answers the 404 page. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The capture page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A URL that cannot be decoded (invalid percent-encoding) is refused before any route, as for every operation, with the API's JSON error. Any other token that names no working link gets the 404 page. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The link is unknown, was replaced by a newer one, or has expired (an HTML page). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getCaptureScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The script. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getCaptureStylesheet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stylesheet. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                };
            };
        };
    };
    updateWebhookConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookConfigUpdate"];
            };
        };
        responses: {
            /** @description Configuration saved. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookConfigSaved"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to 50 delivery records. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "whd_2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
                     *         "event_id": "evt_6c5b4a39-2817-4f6e-9d8c-7b6a59483726",
                     *         "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *         "event_type": "verification.completed",
                     *         "webhook_url": "https://hooks.example.com/ivs",
                     *         "status": "delivered",
                     *         "status_code": 200,
                     *         "attempt": 2,
                     *         "max_attempts": 3,
                     *         "error": null,
                     *         "replay_of": null,
                     *         "created_at": "2026-11-21T10:04:13.401Z",
                     *         "delivered_at": "2026-11-21T10:04:13.512Z"
                     *       },
                     *       {
                     *         "id": "whd_1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *         "event_id": "evt_6c5b4a39-2817-4f6e-9d8c-7b6a59483726",
                     *         "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                     *         "event_type": "verification.completed",
                     *         "webhook_url": "https://hooks.example.com/ivs",
                     *         "status": "failed",
                     *         "status_code": 503,
                     *         "attempt": 1,
                     *         "max_attempts": 3,
                     *         "error": "unexpected_status",
                     *         "replay_of": null,
                     *         "created_at": "2026-11-21T10:04:12.360Z",
                     *         "delivered_at": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "delivery_id": "whd_1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookReplayRequest"];
            };
        };
        responses: {
            /** @description Replay queued. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "new_delivery_id": "whd_8f7e6d5c-4b3a-4291-8f7e-6d5c4b3a2918"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookReplayAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Overloaded"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP ivs_analysis_tasks_pending Image analysis tasks running, waiting for a thread, or reserved
                     *     # TYPE ivs_analysis_tasks_pending gauge
                     *     ivs_analysis_tasks_pending 0
                     */
                    "text/plain": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve requests. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "database": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Not ready (the database is unreachable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "unavailable",
                     *       "database": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    onVerificationCompleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes. */
                "X-Signature": components["parameters"]["XSignature"];
                /** @description The event id (`evt_<uuid>`), stable across retries and replays; use it to de-duplicate. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix time in seconds of this attempt; reject values too far from your clock to stop replays. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description `v1,` followed by the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with a `whsec_` secret's base64-decoded bytes, or any other secret's UTF-8 bytes (Standard Webhooks). Two such signatures, space-separated, while a replaced secret is still valid (24 hours). */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Attempt number of this delivery, 1 to 4 (the first attempt plus 3 retries). */
                "X-Webhook-Attempt": components["parameters"]["XWebhookAttempt"];
                /** @description `identity-verification-service/<version>`. */
                "User-Agent": components["parameters"]["UserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_6c5b4a39-2817-4f6e-9d8c-7b6a59483726",
                 *       "event": "verification.completed",
                 *       "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                 *       "status": "completed",
                 *       "timestamp": "2026-11-21T10:04:12.345Z"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer within `WEBHOOK_TIMEOUT` (default 10 s) marks the attempt delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a time-out or a connection error is a failed attempt and is retried. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onVerificationFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes. */
                "X-Signature": components["parameters"]["XSignature"];
                /** @description The event id (`evt_<uuid>`), stable across retries and replays; use it to de-duplicate. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix time in seconds of this attempt; reject values too far from your clock to stop replays. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description `v1,` followed by the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with a `whsec_` secret's base64-decoded bytes, or any other secret's UTF-8 bytes (Standard Webhooks). Two such signatures, space-separated, while a replaced secret is still valid (24 hours). */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Attempt number of this delivery, 1 to 4 (the first attempt plus 3 retries). */
                "X-Webhook-Attempt": components["parameters"]["XWebhookAttempt"];
                /** @description `identity-verification-service/<version>`. */
                "User-Agent": components["parameters"]["UserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_9d8c7b6a-5948-4372-8160-5f4e3d2c1b0a",
                 *       "event": "verification.failed",
                 *       "verification_id": "vry_0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
                 *       "status": "failed",
                 *       "timestamp": "2026-11-28T09:58:30.120Z"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer within `WEBHOOK_TIMEOUT` (default 10 s) marks the attempt delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a time-out or a connection error is a failed attempt and is retried. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onVerificationReviewed: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes. */
                "X-Signature": components["parameters"]["XSignature"];
                /** @description The event id (`evt_<uuid>`), stable across retries and replays; use it to de-duplicate. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix time in seconds of this attempt; reject values too far from your clock to stop replays. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description `v1,` followed by the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with a `whsec_` secret's base64-decoded bytes, or any other secret's UTF-8 bytes (Standard Webhooks). Two such signatures, space-separated, while a replaced secret is still valid (24 hours). */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Attempt number of this delivery, 1 to 4 (the first attempt plus 3 retries). */
                "X-Webhook-Attempt": components["parameters"]["XWebhookAttempt"];
                /** @description `identity-verification-service/<version>`. */
                "User-Agent": components["parameters"]["UserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                 *       "event": "verification.reviewed",
                 *       "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                 *       "status": "completed",
                 *       "timestamp": "2026-11-21T11:30:00.000Z",
                 *       "decision": "approved"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer within `WEBHOOK_TIMEOUT` (default 10 s) marks the attempt delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a time-out or a connection error is a failed attempt and is retried. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onVerificationRedacted: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` followed by the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes. */
                "X-Signature": components["parameters"]["XSignature"];
                /** @description The event id (`evt_<uuid>`), stable across retries and replays; use it to de-duplicate. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix time in seconds of this attempt; reject values too far from your clock to stop replays. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /** @description `v1,` followed by the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with a `whsec_` secret's base64-decoded bytes, or any other secret's UTF-8 bytes (Standard Webhooks). Two such signatures, space-separated, while a replaced secret is still valid (24 hours). */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /** @description Attempt number of this delivery, 1 to 4 (the first attempt plus 3 retries). */
                "X-Webhook-Attempt": components["parameters"]["XWebhookAttempt"];
                /** @description `identity-verification-service/<version>`. */
                "User-Agent": components["parameters"]["UserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d",
                 *       "event": "verification.redacted",
                 *       "verification_id": "vry_3f6c2a1e-8b4d-4c7a-9e2f-1a5b6c7d8e9f",
                 *       "status": "completed",
                 *       "timestamp": "2026-12-21T11:30:00.000Z",
                 *       "decision": "approved"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer within `WEBHOOK_TIMEOUT` (default 10 s) marks the attempt delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a time-out or a connection error is a failed attempt and is retried. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
