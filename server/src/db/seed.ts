import { eq, sql } from 'drizzle-orm'
import { DEMO_PASSWORD } from '../../../demo/world.ts'
import { filePath } from '../../../contract/files.ts'
import { demoLessonCover } from '../../../demo/cover/index.ts'
import { demoWorld, type DemoWorld } from '../../../demo/resolve.ts'
import { DEFAULT_PLATFORM_FEE_PERCENT, feeShares } from '../../../contract/rules.ts'
import { hashPassword } from '../crypto/passwords.ts'
import type { Database, Transaction } from './client.ts'
import {
  categories,
  enrollments,
  files,
  lessons,
  lessonSessions,
  payments,
  resources,
  reviews,
  users,
  videoLicences,
  paypalStandinOrders,
} from './schema.ts'

/**
 * Demo data for a first start on an empty database: the demo world of `demo/`, the one
 * the mock catalogue (`src/mocks/db.ts`) is built from, with its showcase entries, so the
 * README's demo accounts work against either backend.
 */

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../demo/world.ts'

export interface SeedStorage {
  put: (key: string, bytes: Buffer) => Promise<void>
}

interface StoredFile {
  key: string
  bytes: Buffer
}

/** The bytes the seed stores, by lesson and by material (fixed keys, so a retry overwrites them). */
const storedFiles = (world: DemoWorld) => ({
  covers: world.lessons.map((lesson, position): StoredFile | null => {
    const cover = demoLessonCover(world, lesson)
    return cover && { key: `demo-cover-${position + 1}.png`, bytes: Buffer.from(cover) }
  }),
  materials: world.materials.map(({ file }, position): StoredFile | null =>
    file === null
      ? null
      : { key: `demo-material-${position + 1}`, bytes: Buffer.from(file.text, 'ascii') },
  ),
})
type StoredFiles = ReturnType<typeof storedFiles>

const date = (time: number | null) => (time === null ? null : new Date(time))

/** The id of the row inserted at `position`. */
const idAt = (rows: readonly { id: number }[], position: number) => {
  const row = rows[position]
  if (!row) throw new Error(`Demo row ${position} was not created`)
  return row.id
}

const insertWorld = async (
  tx: Transaction,
  world: DemoWorld,
  passwordHash: string,
  stored: StoredFiles,
) => {
  const licenceRows = await tx.insert(videoLicences).values(world.licences).returning()
  const categoryRows = await tx
    .insert(categories)
    .values(world.categories.map(({ title, titleJp }) => ({ title, titleJp })))
    .returning()
  const userRows = await tx
    .insert(users)
    .values(
      world.accounts.map((account) => ({
        name: account.name,
        email: account.email,
        passwordHash,
        description: account.bio,
        role: account.role,
        language: account.language,
        emailConfirmedAt: date(account.emailConfirmedAt),
        approvedAt: date(account.approvedAt),
        earningsRuleFrom: date(account.approvedAt),
        videoLicenceId: account.licence === null ? null : idAt(licenceRows, account.licence),
        createdAt: new Date(account.createdAt),
      })),
    )
    .returning()
  const userId = (position: number) => idAt(userRows, position)

  const lessonRows = await tx
    .insert(lessons)
    .values(
      world.lessons.map((lesson) => ({
        ownerId: userId(lesson.owner),
        categoryId: idAt(categoryRows, lesson.category),
        title: lesson.title,
        about: lesson.about,
        details: lesson.details,
        priceInCents: lesson.priceInCents,
        minSlots: lesson.minSlots,
        maxSlots: lesson.maxSlots,
        createdAt: new Date(lesson.createdAt),
        updatedAt: new Date(lesson.createdAt),
      })),
    )
    .returning()
  const lessonId = (position: number) => idAt(lessonRows, position)

  for (const [position, lesson] of world.lessons.entries()) {
    const cover = stored.covers[position]
    if (!cover) continue
    const [file] = await tx
      .insert(files)
      .values({
        ownerId: userId(lesson.owner),
        kind: 'image',
        lessonId: lessonId(position),
        filename: `cover-${position + 1}.png`,
        mimeType: 'image/png',
        size: cover.bytes.length,
        storageKey: cover.key,
      })
      .returning()
    await tx
      .update(lessons)
      .set({ imageId: file?.id })
      .where(eq(lessons.id, lessonId(position)))
  }

  const sessionRows = await tx
    .insert(lessonSessions)
    .values(
      world.sessions.map((session) => ({
        lessonId: lessonId(session.lesson),
        ownerId: userId(session.owner),
        startTime: new Date(session.start),
        endTime: new Date(session.end),
        timezone: session.timeZone,
        url: session.url,
        decision: session.decision,
        decisionAt: session.decisionAt === null ? null : new Date(session.decisionAt),
        createdAt: new Date(session.createdAt),
      })),
    )
    .returning()
  const sessionId = (position: number) => idAt(sessionRows, position)

  const paymentRows = world.payments.length
    ? await tx
        .insert(payments)
        .values(
          world.payments.map((payment) => ({
            userId: userId(payment.student),
            lessonId: lessonId(payment.lesson),
            sessionId: sessionId(payment.session),
            orderId: payment.orderId,
            transactionId: payment.transactionId,
            status: payment.status,
            amountInCents: payment.amountInCents,
            ...feeShares(payment.amountInCents, DEFAULT_PLATFORM_FEE_PERCENT * 100),
            refundReason: payment.refundReason,
            refundId: payment.status === 'refunded' ? `REFUND-${payment.transactionId}` : null,
            refundedAt: payment.status === 'refunded' ? new Date(payment.createdAt) : null,
            capturedAt: payment.transactionId ? new Date(payment.createdAt) : null,
            refundDueAt: payment.status === 'refunded' ? new Date(payment.createdAt) : null,
            createdAt: new Date(payment.createdAt),
            updatedAt: new Date(payment.createdAt),
          })),
        )
        .returning()
    : []
  // The PayPal stand-in knows each seeded capture as PayPal would, so a seeded seat's refund
  // (its session deleted, its student unenrolling) goes through in the demo like any other.
  const captured = world.payments.map((payment, position) => ({
    id: payment.orderId,
    status: 'COMPLETED' as const,
    amountInCents: payment.amountInCents,
    referenceId: `payment-${idAt(paymentRows, position)}`,
    captureId: payment.transactionId,
    refundedInCents: payment.status === 'refunded' ? payment.amountInCents : 0,
    createdAt: new Date(payment.createdAt),
  }))
  // A stand-in table left from an earlier demo keeps its orders: these ids are the same.
  if (captured.length > 0) {
    await tx.insert(paypalStandinOrders).values(captured).onConflictDoNothing()
  }
  const paymentOfSeat = new Map(
    world.payments.flatMap((payment, position) =>
      payment.seat === null ? [] : [[payment.seat, idAt(paymentRows, position)] as const],
    ),
  )
  await tx.insert(enrollments).values(
    world.seats.map((seat, position) => ({
      sessionId: sessionId(seat.session),
      userId: userId(seat.student),
      paymentId: paymentOfSeat.get(position) ?? null,
      createdAt: new Date(seat.createdAt),
    })),
  )

  // The database requires a date: an undated review gets the one the world gives it.
  await tx.insert(reviews).values(
    world.reviews.map((review) => ({
      lessonId: lessonId(review.lesson),
      authorId: userId(review.author),
      body: review.body,
      rating: review.rating,
      createdAt: new Date(review.createdAt),
    })),
  )

  for (const [position, material] of world.materials.entries()) {
    const upload = stored.materials[position]
    const [file] =
      material.file && upload
        ? await tx
            .insert(files)
            .values({
              ownerId: userId(material.owner),
              kind: 'material',
              lessonId: lessonId(material.lesson),
              filename: material.file.filename,
              mimeType: material.file.contentType,
              size: upload.bytes.length,
              storageKey: upload.key,
            })
            .returning()
        : []
    await tx.insert(resources).values({
      lessonId: lessonId(material.lesson),
      title: material.title,
      type: material.type,
      // A file material is served from its download path.
      url: material.url ?? (file ? filePath(file.id) : ''),
      description: material.description,
      fileId: file?.id ?? null,
    })
  }
}

/**
 * Seeds the demo data when the database has no user yet, all rows in one transaction. Cover and
 * material bytes are written to storage first (fixed keys, so a retry overwrites them). Returns
 * whether it seeded. The product seeds the whole world; `showcase: false` seeds the mock's part
 * of it, for tests that compare the two backends answer for answer.
 */
export const seedDemoData = async (
  db: Database,
  storage: SeedStorage,
  { showcase = true }: { showcase?: boolean } = {},
): Promise<boolean> => {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1)
  if (anyUser) return false

  // One hash for every account: argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const world = demoWorld(Date.now(), { showcase })
  const stored = storedFiles(world)
  for (const file of [...stored.covers, ...stored.materials]) {
    if (file) await storage.put(file.key, file.bytes)
  }
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed once: the others wait for this lock,
    // then find the users the first one wrote.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [seededMeanwhile] = await tx.select({ id: users.id }).from(users).limit(1)
    if (seededMeanwhile) return false
    await insertWorld(tx, world, passwordHash, stored)
    return true
  })
}

/** Any fixed number: the advisory lock of seeding. */
const SEED_LOCK = 746_216_302
