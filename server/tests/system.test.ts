import { describe, expect, it } from 'vitest'
import Value from 'typebox/value'
import { health } from '../../contract/endpoints/system.ts'
import { ErrorBody } from '../../contract/common.ts'
import { setupTestApp } from './helpers.ts'

const context = setupTestApp()

describe('the API', () => {
  it('answers GET / with its status', async () => {
    const response = await context.call({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(health.response[200], response.json())).toBe(true)
    expect(response.json()).toMatchObject({ status: 'ok' })
  })

  it('answers an unknown route with the shared error body', async () => {
    const response = await context.call({ method: 'GET', url: '/no/such/route' })
    expect(response.statusCode).toBe(404)
    expect(Value.Check(ErrorBody, response.json())).toBe(true)
  })

  it('serves its OpenAPI document', async () => {
    const response = await context.call({ method: 'GET', url: '/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>()
    expect(document.openapi).toMatch(/^3\./)
    expect(Object.keys(document.paths)).toContain('/api/')
  })

  it('refuses a state-changing call from another origin', async () => {
    const response = await context.call({
      method: 'POST',
      url: '/auth/login',
      body: { email: 'a@b.co', password: 'x' },
      headers: { origin: 'https://evil.example' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ message: 'Origin not allowed' })
  })
})
