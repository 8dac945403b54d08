import { type RulesetDefinition, Spectral } from '@stoplight/spectral-core'
import { oas } from '@stoplight/spectral-rulesets'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, type Endpoint } from '../../contract/index.ts'
import { API_PREFIX } from '../src/app.ts'
import { setupTestApp } from './helpers.ts'

const context = setupTestApp()

interface OpenApiOperation {
  operationId?: string
  tags?: string[]
  summary?: string
  description?: string
}
interface OpenApiDocument {
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'response' in value

/** `/lessons/:id` → `/api/lessons/{id}`, `/` → `/api`, as the document writes paths. */
const documentPath = (path: string) =>
  `${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`.replace(/\/$/, '')

/** Every endpoint of the contract by `METHOD path` in the document, with its export and module. */
const declared = new Map<string, { operationId: string; tag: string; endpoint: Endpoint }>(
  Object.entries(api).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(
        ([name, endpoint]) =>
          [
            `${endpoint.method} ${documentPath(endpoint.path)}`,
            { operationId: name, tag: module, endpoint },
          ] as const,
      ),
  ),
)

let document: OpenApiDocument
let operations: (OpenApiOperation & { key: string })[]

beforeAll(async () => {
  const response = await context.callPath({ method: 'GET', url: '/docs/json' })
  expect(response.statusCode).toBe(200)
  document = response.json<OpenApiDocument>()
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      key: `${method.toUpperCase()} ${path}`,
    })),
  )
})

describe('the OpenAPI document', () => {
  it("passes Spectral's spectral:oas ruleset without a single result", async () => {
    const spectral = new Spectral()
    // What `extends: spectral:oas` gives in a .spectral.yaml: the ruleset's recommended rules.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] })
    const results = await spectral.run(JSON.stringify(document))
    const found = results.map(
      ({ code, message, path }) => `${String(code)} at ${path.join('.')}: ${message}`,
    )
    expect(found).toEqual([])
  })

  it('documents every contract endpoint and nothing else', () => {
    expect(operations.map(({ key }) => key).sort()).toEqual([...declared.keys()].sort())
  })

  it("names each operation by its endpoint's export name, once in the whole document", () => {
    for (const { key, operationId } of operations) {
      expect(operationId, key).toBe(declared.get(key)?.operationId)
    }
    const ids = operations.map(({ operationId }) => operationId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('tags each operation with the contract module it is declared in, each tag described once', () => {
    for (const { key, tags } of operations) {
      expect(tags, key).toEqual([declared.get(key)?.tag])
    }
    const tags = document.tags ?? []
    expect(tags.map(({ name }) => name).sort()).toEqual(Object.keys(api).sort())
    for (const { name, description } of tags) {
      expect(description?.trim(), name).toBeTruthy()
      expect(description, name).not.toContain('\n')
    }
  })

  it("describes each operation in one line: the endpoint's own, then who may call it", () => {
    for (const { key, summary, description } of operations) {
      const endpoint = declared.get(key)?.endpoint
      expect(summary, key).toBe(endpoint?.summary)
      expect(endpoint?.description.trim(), key).toBeTruthy()
      expect(description, key).not.toContain('\n')
      expect(description?.startsWith(`${endpoint?.description} `), key).toBe(true)
      const access = endpoint?.access
      const callers = description?.slice(endpoint?.description.length ?? 0)
      if (access === 'public') expect(callers, key).toMatch(/anyone/i)
      else if (access === 'user') expect(callers, key).toMatch(/any signed-in user/i)
      else for (const role of access ?? []) expect(callers, key).toContain(`${role}s`)
      expect(/approved/.test(callers ?? ''), key).toBe(endpoint?.approvedOnly === true)
    }
  })

  it('names the root of the API as it answers: without a trailing slash', async () => {
    expect(Object.keys(document.paths)).toContain(API_PREFIX)
    const response = await context.app.inject({ method: 'GET', url: API_PREFIX })
    expect(response.statusCode).toBe(200)
  })
})
