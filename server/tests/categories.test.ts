import Type from 'typebox'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import * as categories from '../../contract/descriptors/categories.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import { Category, GuestCategory } from '../../contract/entities.ts'
import { createCast, createCategory } from './catalogue-fixtures.ts'
import { bodyOf, setupTestApp } from './helpers.ts'

const context = setupTestApp()

const seedCategories = async () => {
  const languages = await createCategory(context.db, { title: 'Languages', titleJp: '言語' })
  const music = await createCategory(context.db, { title: 'Music', titleJp: '音楽' })
  return [languages, music]
}

describe('GET /categories', () => {
  it('lists every category with its Japanese title', async () => {
    const [languages, music] = await seedCategories()
    const cast = await createCast(context.db)
    const response = await context.call(categories.listCategories, {
      cookie: cast.student.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { id: languages?.id, title: 'Languages', titleJp: '言語' },
      { id: music?.id, title: 'Music', titleJp: '音楽' },
    ])
    expect(Value.Check(Type.Array(Category), response.json())).toBe(true)
  })

  it.each([
    ['guest', 401],
    ['student', 200],
    ['unverifiedEducator', 200],
    ['owner', 200],
    ['anotherEducator', 200],
    ['admin', 200],
  ] as const)('answers %s with %i', async (who, status) => {
    await seedCategories()
    const cast = await createCast(context.db)
    const response = await context.call(categories.listCategories, { cookie: cast[who].cookie })
    expect(response.statusCode).toBe(status)
    if (status === 200) expect(response.json()).toHaveLength(2)
    else expect(response.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized' })
  })
})

describe('GET /guest/categories', () => {
  it('lists the categories for anyone, Japanese titles included', async () => {
    const [languages] = await seedCategories()
    const cast = await createCast(context.db)
    for (const member of [cast.guest, cast.student, cast.owner, cast.admin]) {
      const response = await context.call(guest.guestCategories, { cookie: member.cookie })
      expect(response.statusCode).toBe(200)
      expect(bodyOf(response)[0]).toEqual({
        id: languages?.id,
        title: 'Languages',
        titleJp: '言語',
      })
      expect(Value.Check(Type.Array(GuestCategory), response.json())).toBe(true)
    }
  })

  it('answers an empty list when there are no categories', async () => {
    const response = await context.call(guest.guestCategories)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })
})
