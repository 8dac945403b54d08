import { MESSAGES } from './messages.ts'

/**
 * One failed rule as JSON-schema validators report it: ajv on the server and TypeBox's
 * `Value.Errors` in the mocks share this shape, though they name a few params differently.
 */
export interface SchemaIssue {
  keyword: string
  instancePath: string
  params: object
  message?: string | undefined
}

const names = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : []

/** The lines of one issue, each with the field it is about. */
const linesOf = (issue: SchemaIssue): [field: string, line: string][] => {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const params = issue.params as Record<string, unknown>
  if (issue.keyword === 'required') {
    // ajv names one missing property per issue, TypeBox lists them all in one.
    const missing = [...names(params.missingProperty), ...names(params.requiredProperties)]
    if (missing.length > 0) {
      return missing.map((name) => {
        const path = field ? `${field}.${name}` : name
        return [path, MESSAGES.validation.required(path)]
      })
    }
  }
  if (issue.keyword === 'pattern') return [[field, MESSAGES.validation.invalidFormat(field)]]
  if (issue.keyword === 'additionalProperties') {
    const extra = [...names(params.additionalProperty), ...names(params.additionalProperties)]
    if (extra.length > 0) {
      return extra.map((name) => [
        field ? `${field}.${name}` : name,
        MESSAGES.validation.notAllowed(name),
      ])
    }
  }
  // ajv writes "must NOT have", TypeBox "must not have": both backends answer ajv's words.
  if ((issue.keyword === 'minLength' || issue.keyword === 'maxLength') && 'limit' in params) {
    const bound = issue.keyword === 'minLength' ? 'fewer' : 'more'
    return [[field, `${field} must NOT have ${bound} than ${String(params.limit)} characters`]]
  }
  return [[field, `${field || 'request'} ${issue.message ?? 'is invalid'}`]]
}

/**
 * "email has an invalid format", "title is required": one readable line per invalid field, in
 * the validator's order. A field that breaks several rules (a union reports every branch) keeps
 * its first, most specific line. The body of every 400 that validation answers.
 */
export const validationMessages = (issues: readonly SchemaIssue[]): string[] => {
  const byField = new Map<string, string>()
  for (const [field, line] of issues.flatMap(linesOf)) {
    if (!byField.has(field)) byField.set(field, line)
  }
  return byField.size > 0 ? [...byField.values()] : [MESSAGES.validation.invalidRequest]
}
