import { describe, expectTypeOf, it } from 'vitest'
import type { EndpointOf } from '@contract/client'
import * as categories from '@contract/descriptors/categories'
import * as lessons from '@contract/descriptors/lessons'
import * as lessonEndpoints from '@contract/endpoints/lessons'
import type { LessonWriteBody } from '@contract/endpoints/lessons'
import type { Category, ImageUpload, Lesson } from '@contract/entities'
import { type Context, route } from '@/mocks/http'
import { request } from '@/shared/api/request'

/**
 * Type tests: `tsc -b` checks them (a wrong type or a missing `@ts-expect-error` error fails the
 * type check); at run time nothing here calls the API. A descriptor names its endpoint, so a
 * call's params, query, body and answer are the endpoint's schemas, and the mocks' `route`
 * resolvers get and answer the same types.
 */
const body: LessonWriteBody = {
  title: 'T',
  categoryId: 1,
  price_in_cents: 0,
  min_slots: 1,
  max_slots: 2,
}

describe('request(descriptor, options) types', () => {
  it('a descriptor names its endpoint', () => {
    expectTypeOf<EndpointOf<typeof lessons.getLesson>>().toEqualTypeOf<
      typeof lessonEndpoints.getLesson
    >()
    expectTypeOf<EndpointOf<typeof lessons.uploadLessonImage>>().toEqualTypeOf<
      typeof lessonEndpoints.uploadLessonImage
    >()
    // The link names it, not the route: a look-alike without the link names no endpoint.
    expectTypeOf<EndpointOf<{ method: 'GET'; path: '/lessons/:id'; access: 'user' }>>().toBeNever()
    // An endpoint names itself, so server tests may pass either.
    expectTypeOf<EndpointOf<typeof lessonEndpoints.getLesson>>().toEqualTypeOf<
      typeof lessonEndpoints.getLesson
    >()
  })

  // The calls are in functions that never run: only their types are checked.
  it('a GET with params takes exactly its params and answers its body', () => {
    const { getLesson } = lessons
    expectTypeOf(() =>
      request(getLesson, { params: { id: 3 } }),
    ).returns.resolves.toEqualTypeOf<Lesson>()
    expectTypeOf(() => {
      // @ts-expect-error the params are required
      void request(getLesson)
      // @ts-expect-error an id is a number
      void request(getLesson, { params: { id: '3' } })
      // @ts-expect-error the endpoint reads no body
      void request(getLesson, { params: { id: 3 }, body })
      // @ts-expect-error nor a query
      void request(getLesson, { params: { id: 3 }, query: {} })
    }).toBeFunction()
  })

  it('a GET with an optional query may leave it out, and types what it gives', () => {
    const { listLessons } = lessons
    expectTypeOf(() => request(listLessons)).returns.resolves.toHaveProperty('data')
    expectTypeOf(() => request(listLessons, { query: { order: 'ASC', page: 2 } })).toBeFunction()
    expectTypeOf(() => {
      // @ts-expect-error order is ASC or DESC
      void request(listLessons, { query: { order: 'UP' } })
    }).toBeFunction()
  })

  it('a POST with a JSON body takes that body', () => {
    const { createLesson, updateLesson } = lessons
    expectTypeOf(() => request(createLesson, { body })).returns.resolves.toEqualTypeOf<Lesson>()
    expectTypeOf(() =>
      request(updateLesson, { params: { id: 1 }, body }),
    ).returns.resolves.toEqualTypeOf<Lesson>()
    expectTypeOf(() => {
      // @ts-expect-error the body is required
      void request(createLesson)
      // @ts-expect-error a title is a string
      void request(createLesson, { body: { ...body, title: 1 } })
      // @ts-expect-error an update names its lesson
      void request(updateLesson, { body })
    }).toBeFunction()
  })

  it('a multipart upload takes form data', () => {
    const { uploadLessonImage } = lessons
    expectTypeOf(() =>
      request(uploadLessonImage, { body: new FormData() }),
    ).returns.resolves.toEqualTypeOf<ImageUpload>()
    expectTypeOf(() => {
      // @ts-expect-error not a JSON object
      void request(uploadLessonImage, { body: { id: 1 } })
    }).toBeFunction()
  })

  it('an endpoint without options needs no second argument and takes none', () => {
    const { listCategories } = categories
    expectTypeOf(() => request(listCategories)).returns.resolves.toEqualTypeOf<Category[]>()
    expectTypeOf(() => {
      // @ts-expect-error it has no params
      void request(listCategories, { params: { id: 1 } })
    }).toBeFunction()
  })
})

describe('route(endpoint, resolver) types (the mocks)', () => {
  it("gives the resolver the endpoint's params, query and body and checks its answer", () => {
    route(lessonEndpoints.updateLesson, (context) => {
      expectTypeOf(context.params).toEqualTypeOf<{ id: number }>()
      expectTypeOf(context.body).toEqualTypeOf<LessonWriteBody>()
      expectTypeOf(context.query).toEqualTypeOf<undefined>()
      return { status: 200, body: null as unknown as Lesson }
    })
    // @ts-expect-error a 200 answers a lesson
    route(lessonEndpoints.getLesson, () => ({ status: 200, body: {} }))
    // @ts-expect-error the endpoint declares no 409
    route(lessonEndpoints.getLesson, () => ({ status: 409, body: null }))
    expectTypeOf<Context<typeof lessonEndpoints.listLessons>['query']>().toHaveProperty('order')
  })
})
