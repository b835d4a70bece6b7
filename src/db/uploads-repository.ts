// SQL for uploaded images (encrypted by the caller) and what their analysis found.
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Executor } from './client.js'
import { descending } from './order.js'
import { uploads } from './schema.js'

export type UploadRow = typeof uploads.$inferSelect
export type NewUploadRow = typeof uploads.$inferInsert

export function createUploadsRepository(db: Db) {
  return {
    async insert(row: NewUploadRow, tx: Executor = db): Promise<UploadRow> {
      const [created] = await tx.insert(uploads).values(row).returning()
      return created!
    },

    async find(id: string, verificationId: string, tx: Executor = db): Promise<UploadRow | undefined> {
      const [row] = await tx
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.verificationId, verificationId)))
        .limit(1)
      return row
    },

    /** A verification's uploads without their bytes: what the console lists. */
    async listForVerification(verificationId: string, tx: Executor = db) {
      return tx
        .select({
          id: uploads.id,
          kind: uploads.kind,
          documentType: uploads.documentType,
          createdAt: uploads.createdAt,
          purgedAt: uploads.purgedAt,
          hasBack: sql<boolean>`${uploads.back} is not null`,
        })
        .from(uploads)
        .where(eq(uploads.verificationId, verificationId))
        .orderBy(uploads.createdAt)
    },

    /** Erases a verification's images and the faces found in them, for good (its redaction). */
    async eraseForVerification(verificationId: string, tx: Executor = db): Promise<void> {
      await tx
        .update(uploads)
        .set({ front: null, back: null, faces: null, purgedAt: sql`coalesce(${uploads.purgedAt}, now())` })
        .where(eq(uploads.verificationId, verificationId))
    },

    async latest(verificationId: string, kind: UploadRow['kind'], tx: Executor = db): Promise<UploadRow | undefined> {
      const [row] = await tx
        .select()
        .from(uploads)
        .where(and(eq(uploads.verificationId, verificationId), eq(uploads.kind, kind)))
        .orderBy(descending(uploads.createdAt), descending(uploads.id))
        .limit(1)
      return row
    },

    /** Deletes the images and the faces found in them (not the results) of uploads older than the retention period. */
    async purgeOlderThan(ms: number, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(uploads)
        .set({ front: null, back: null, faces: null, purgedAt: sql`now()` })
        .where(and(isNull(uploads.purgedAt), lt(uploads.createdAt, sql`now() - ${`${ms} milliseconds`}::interval`)))
        .returning({ id: uploads.id })
      return rows.length
    },
  }
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>
