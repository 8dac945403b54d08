import type { Access, HttpMethod } from '../../../contract/descriptor.ts'
import { endpoints } from '../../../contract/index.ts'

/** A JSON schema as the OpenAPI document holds it (TypeBox's output: plain JSON). */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  pattern?: string
  format?: string
  default?: unknown
}

export interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: JsonSchema
}

export type RequestBody =
  { kind: 'json'; schema: JsonSchema } | { kind: 'multipart'; field: string; schema: JsonSchema }

/** One operation of the OpenAPI document, with the access its contract endpoint declares. */
export interface Operation {
  method: HttpMethod
  /** Relative to the API base, in the document's form: `/lessons/{id}`. */
  path: string
  parameters: Parameter[]
  body: RequestBody | null
  /** The schema of every declared status (undefined when the status documents no content). */
  responses: ReadonlyMap<number, JsonSchema | undefined>
  access: Access
}

interface OpenApiMedia {
  schema?: JsonSchema
}
interface OpenApiOperation {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, OpenApiMedia> }
  responses: Record<string, { content?: Record<string, OpenApiMedia> }>
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/** `/lessons/{id}` → `/lessons/:id`, as the contract writes paths. */
export const contractPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1')

const requestBodyOf = (operation: OpenApiOperation): RequestBody | null => {
  const content = operation.requestBody?.content
  if (!content) return null
  const json = content['application/json']?.schema
  if (json) return { kind: 'json', schema: json }
  const form = content['multipart/form-data']?.schema
  const field = Object.entries(form?.properties ?? {}).find(
    ([, schema]) => schema.format === 'binary',
  )?.[0]
  if (form && field) return { kind: 'multipart', field, schema: form }
  throw new Error(`Unreadable request body: ${Object.keys(content).join(', ')}`)
}

/**
 * Every operation of the server's OpenAPI document, relative to the API base. Access is not in
 * the document, so it comes from the contract endpoint of the same method and path; an operation
 * without one (or a contract endpoint the document lacks) is an error.
 */
export const operationsOf = (document: OpenApiDocument, apiPrefix: string): Operation[] => {
  const operations: Operation[] = []
  for (const [fullPath, item] of Object.entries(document.paths)) {
    if (!fullPath.startsWith(apiPrefix)) throw new Error(`${fullPath} is outside the API`)
    const path = fullPath.slice(apiPrefix.length) || '/'
    for (const method of METHODS) {
      const operation = item[method.toLowerCase() as Lowercase<HttpMethod>]
      if (!operation) continue
      const endpoint = endpoints.find(
        (candidate) => candidate.method === method && candidate.path === contractPath(path),
      )
      if (!endpoint) throw new Error(`${method} ${path} is not a contract endpoint`)
      operations.push({
        method,
        path,
        parameters: operation.parameters ?? [],
        body: requestBodyOf(operation),
        responses: new Map(
          Object.entries(operation.responses).map(([status, response]) => [
            Number(status),
            Object.values(response.content ?? {})[0]?.schema,
          ]),
        ),
        access: endpoint.access,
      })
    }
  }
  const missing = endpoints.filter(
    (endpoint) =>
      !operations.some(
        (operation) =>
          operation.method === endpoint.method && contractPath(operation.path) === endpoint.path,
      ),
  )
  if (missing.length > 0) {
    throw new Error(`Not in the OpenAPI document: ${missing.map((e) => e.path).join(', ')}`)
  }
  return operations
}

const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  )

/**
 * The operations a request line may reach, by method and path (query left out): a mutated path
 * may land on another operation (a dropped segment), or on none (a 404 of the router).
 */
export const operationsMatching = (
  operations: readonly Operation[],
  method: HttpMethod,
  url: string,
) => {
  const path = url.split('?')[0] ?? url
  return operations.filter(
    (operation) => operation.method === method && pathPattern(operation.path).test(path),
  )
}
