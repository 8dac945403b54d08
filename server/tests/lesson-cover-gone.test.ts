import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/messages.ts'
import { categories, lessons } from '../src/db/schema.ts'
import { BadRequestError } from '../src/domain/errors.ts'
import { insertLesson, updateLesson } from '../src/repositories/lessons.ts'
import { createCategory } from './catalogue-fixtures.ts'
import { createUser, setupTestApp } from './helpers.ts'

const context = setupTestApp()

/**
 * A cover checked before a lesson's write can be gone by the write: the housekeeping sweep takes
 * uploads left unattached for a day. The write is a 400 asking for an image, never a 500.
 */
describe('a lesson written with a cover that is gone', () => {
  const fields = async () => {
    const [existing] = await context.db.select().from(categories).limit(1)
    const category =
      existing ?? (await createCategory(context.db, { title: 'Art', titleJp: '美術' }))
    return {
      title: 'Gone cover',
      categoryId: category.id,
      priceInCents: 0,
      minSlots: 1,
      maxSlots: 3,
    }
  }

  it('asks for an image on create and on update, and writes nothing', async () => {
    const educator = await createUser(context.db, { role: 'educator' })
    const gone = 2_000_000_000
    const create = insertLesson(context.db, educator.id, { ...(await fields()), imageId: gone })
    await expect(create).rejects.toBeInstanceOf(BadRequestError)
    await expect(create).rejects.toMatchObject({ answer: [MESSAGES.lessons.imageRequired] })
    expect(await context.db.select().from(lessons).where(eq(lessons.ownerId, educator.id))).toEqual(
      [],
    )

    const id = await insertLesson(context.db, educator.id, await fields())
    await expect(
      updateLesson(context.db, id, { ...(await fields()), imageId: gone }),
    ).rejects.toMatchObject({
      answer: [MESSAGES.lessons.imageRequired],
    })
    const [row] = await context.db.select().from(lessons).where(eq(lessons.id, id))
    expect(row?.imageId).toBeNull()
  })
})
