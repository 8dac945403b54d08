import type { FastifySchemaCompiler } from 'fastify'
import { Ajv, type Options } from 'ajv'
import addFormats from 'ajv-formats'

const shared: Options = { removeAdditional: true, useDefaults: true, allErrors: true }

const build = (options: Options) => {
  const ajv = new Ajv({ ...shared, ...options })
  addFormats(ajv)
  return ajv
}

// Query strings and path parameters arrive as text, so they are coerced to the schema's types;
// JSON bodies arrive typed, so a wrong type there is an error, never silently converted.
const coercing = build({ coerceTypes: 'array' })
const strict = build({ coerceTypes: false })

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema)
