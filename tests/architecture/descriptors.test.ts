// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Descriptor } from '@contract/descriptor'
import * as descriptors from '@contract/descriptors/index'
import { api } from '@contract/index'

/**
 * Endpoints are built from their descriptors (`defineEndpoint(op.getLesson, ...)`), so a client's
 * `EndpointOf<D>` finds exactly one endpoint as long as every descriptor has its endpoint and no
 * two share a method and path: what these tests check.
 */
describe('endpoint descriptors', () => {
  it('describe every endpoint of the contract, under the same name, with its method, path, access and approval', () => {
    expect(Object.keys(descriptors).sort()).toEqual(Object.keys(api).sort())
    for (const [resource, module] of Object.entries(descriptors)) {
      const endpoints = api[resource as keyof typeof api] as Record<string, Descriptor>
      const endpointNames = Object.keys(endpoints).filter((name) => 'response' in endpoints[name]!)
      expect(Object.keys(module).sort(), resource).toEqual(endpointNames.sort())
      for (const [name, descriptor] of Object.entries(module)) {
        const { method, path, access, approvedOnly } = endpoints[name]!
        expect(
          { method, path, access, ...(approvedOnly ? { approvedOnly } : {}) },
          `${resource}.${name}`,
        ).toEqual(descriptor)
      }
    }
  })

  it('name each method and path once', () => {
    const all = Object.values(descriptors).flatMap((module): Descriptor[] =>
      Object.values<Descriptor>(module),
    )
    const keys = all.map(({ method, path }) => `${method} ${path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('carry no schema: a descriptor module imports nothing but the descriptor helper', async () => {
    const folder = new URL('../../contract/descriptors/', import.meta.url)
    for (const file of (await readdir(folder)).filter((name) => name !== 'index.ts')) {
      const source = await readFile(new URL(file, folder), 'utf8')
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1])
      expect(imports, file).toEqual(['../descriptor.ts'])
    }
  })
})
