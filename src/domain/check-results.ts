// The checks of one verification judge one document and one selfie. A result recorded now that judged
// other uploads than an earlier result makes that earlier result pending again, so that its check is
// run on what the person sent last: a verdict never joins a face matched against one document with
// another document's check, or a live person with a selfie other than the one matched.

/** Check results by check name, as stored and as the API writes them. */
type Results = Partial<Record<string, unknown>>

/** The uploads a result judged (`document_id`, `selfie_id`; null or absent: none). */
const judged = (result: unknown) => result as { document_id?: string | null; selfie_id?: string | null }

/**
 * The results after `now` is recorded over `earlier`: those of `now`, and the earlier ones that judged
 * the same uploads as they did and as `sent` (an upload stored with them, which is judged from now on).
 */
export function mergeResults<T extends Results>(earlier: T, now: Results, sent?: { document_id: string } | { selfie_id: string } | null): T {
  const recorded = [...(sent ? [judged(sent)] : []), ...Object.values(now).map(judged)]
  const document = recorded.find((r) => r.document_id)?.document_id
  const selfie = recorded.find((r) => r.selfie_id)?.selfie_id
  const kept = Object.entries(earlier).filter(([name, result]) => {
    if (name in now) return false
    const r = judged(result)
    return !(document && r.document_id && r.document_id !== document) && !(selfie && r.selfie_id && r.selfie_id !== selfie)
  })
  return { ...Object.fromEntries(kept), ...now } as T
}
