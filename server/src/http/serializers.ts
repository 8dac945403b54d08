import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import fastJsonStringify from 'fast-json-stringify'

const compiled = new WeakMap<object, (data: unknown) => string>()

/**
 * Response serialisers, compiled once per schema object. Every route shares the error bodies'
 * schemas, which Fastify's own compiler builds again for each route and status: two thirds of
 * the app's start-up went there. (The app adds no shared schemas, so a schema alone decides its
 * serialiser.)
 */
export const serializerCompiler: FastifySerializerCompiler<object> = ({ schema }) => {
  let serialize = compiled.get(schema)
  if (!serialize) {
    serialize = fastJsonStringify(schema)
    compiled.set(schema, serialize)
  }
  return serialize
}
