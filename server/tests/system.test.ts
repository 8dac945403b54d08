import { describe, expect, it } from 'vitest'
import Value from 'typebox/value'
import * as auth from '../../contract/descriptors/auth.ts'
import * as system from '../../contract/descriptors/system.ts'
import { health } from '../../contract/endpoints/system.ts'
import { ErrorBody } from '../../contract/common.ts'
import { API_PREFIX } from '../src/app.ts'
import { setupTestApp } from './helpers.ts'

const context = setupTestApp()

describe('the API', () => {
  it('answers GET / with its status', async () => {
    const response = await context.call(system.health)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(health.response[200], response.json())).toBe(true)
    expect(response.json()).toMatchObject({ status: 'ok' })
  })

  it('answers an unknown route with the shared error body', async () => {
    // A path no contract endpoint has, on purpose.
    const response = await context.callPath({ method: 'GET', url: '/no/such/route' })
    expect(response.statusCode).toBe(404)
    expect(Value.Check(ErrorBody, response.json())).toBe(true)
  })

  it('serves its OpenAPI document', async () => {
    // The OpenAPI document is served by the server, not described by the contract.
    const response = await context.callPath({ method: 'GET', url: '/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>()
    expect(document.openapi).toMatch(/^3\./)
    // GET / (the health check) is the API root, named without a trailing slash (openapi.test.ts).
    expect(Object.keys(document.paths)).toContain(API_PREFIX)
  })

  it('refuses a state-changing call from another origin', async () => {
    const response = await context.call(auth.login, {
      body: { email: 'a@b.co', password: 'x' },
      headers: { origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ message: 'Origin not allowed' })
  })
})
