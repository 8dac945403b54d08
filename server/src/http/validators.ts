import type { FastifySchemaCompiler } from 'fastify'
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { unstorableIssues } from '../../../contract/validation.ts'

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

/**
 * The schema's validator, then the check no schema states: no string of the request may hold a
 * character PostgreSQL cannot store, nor a number be infinite (ajv coerces the query text
 * `1e999` to Infinity and lets it through every bound). One place, so every field of every route
 * is covered, including ones a schema leaves open (unknown fields, free-form objects).
 */
const withStorableCheck = (validate: ValidateFunction) => {
  const check = (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const valid = validate(data, context)
    const issues = unstorableIssues(data)
    if (valid && issues.length === 0) return true
    check.errors = [...(validate.errors ?? []), ...(issues as ErrorObject[])]
    return false
  }
  check.errors = [] as ErrorObject[]
  // Fastify passes the parent to a compiled ajv validator only, so it may coerce a root value.
  return Object.assign(check, { schemaEnv: validate.schemaEnv })
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  withStorableCheck((httpPart === 'body' ? strict : coercing).compile(schema))
