import { describe, expect, it } from 'vitest'
import * as admin from '../../contract/descriptors/admin.ts'
import * as user from '../../contract/descriptors/user.ts'
import { serializerCompiler } from '../src/http/serializers.ts'
import { createUser, setupTestApp, signIn } from './helpers.ts'

const context = setupTestApp()

describe('request validation', () => {
  it('refuses a JSON body of the wrong type instead of converting it', async () => {
    const educator = await createUser(context.db, { role: 'educator' })
    const cookie = await signIn(context, educator)
    const response = await context.call(user.updateProfile, {
      cookie,
      body: { description: 42 },
    })
    expect(response.statusCode).toBe(400)
    const me = await context.call(user.me, { cookie })
    expect(me.json()).toMatchObject({ description: null })
  })

  it('still reads numbers and booleans from the query string', async () => {
    const cookie = await signIn(context, await createUser(context.db, { role: 'admin' }))
    const response = await context.call(admin.listUsers, {
      query: { page: 1, take: 2, isValidated: true },
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ meta: { page: 1, take: 2 } })
  })
})

describe('response serialisation', () => {
  it('compiles one serialiser per schema, shared by every route and app that uses it', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' } } }
    const serialize = serializerCompiler({ schema, method: 'GET', url: '/a', httpStatus: '200' })
    expect(serialize({ id: 7, secret: 'x' })).toBe('{"id":7}')
    expect(serializerCompiler({ schema, method: 'PUT', url: '/b', httpStatus: '404' })).toBe(
      serialize,
    )
    const other = serializerCompiler({
      schema: { ...schema },
      method: 'GET',
      url: '/a',
      httpStatus: '200',
    })
    expect(other).not.toBe(serialize)
  })
})
