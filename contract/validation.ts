import { type Message, MESSAGES } from './messages.ts'
import { isStorableText } from './rules.ts'

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

/** The keyword of the issues `unstorableIssues` reports. */
const UNSTORABLE = 'storable'

const NO_TEXT = 'must not contain NUL or an unpaired surrogate'

const escapeKey = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1')

/** Whether every string, key and number in `value` can be stored (see `unstorableIssues`). */
const isAllStorable = (value: unknown): boolean => {
  const pending = [value]
  while (pending.length > 0) {
    const current = pending.pop()
    if (typeof current === 'string') {
      if (!isStorableText(current)) return false
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return false
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item)
    } else if (typeof current === 'object' && current !== null) {
      for (const key of Object.keys(current)) {
        if (!isStorableText(key)) return false
        pending.push((current as Record<string, unknown>)[key])
      }
    }
  }
  return true
}

/**
 * What no column can store, anywhere in a request's params, query or body once read: a string
 * (or an object key) with a NUL character or an unpaired surrogate, and a number that is not
 * finite (a query's `1e999` reads as Infinity). Both backends run it after their schema check, so
 * every field of every endpoint is covered without a rule of its own. Iterative, so a deeply
 * nested body cannot exhaust the stack. Run on every request, it first only looks; the fields'
 * paths are worked out for a request that has a problem.
 */
export const unstorableIssues = (value: unknown): SchemaIssue[] =>
  isAllStorable(value) ? [] : issuesOf(value)

const issuesOf = (value: unknown): SchemaIssue[] => {
  // Breadth first, so the lines come in the order of the fields, outer ones first.
  const nodes: { value: unknown; parent: number; key: string | number }[] = [
    { value, parent: -1, key: '' },
  ]
  const pathOf = (index: number) => {
    const keys: (string | number)[] = []
    for (let at = index; at > 0; at = nodes[at]!.parent) keys.push(nodes[at]!.key)
    return keys
      .reverse()
      .map((key) => `/${escapeKey(key)}`)
      .join('')
  }
  const issues: SchemaIssue[] = []
  const report = (index: number, params: object, message: string) =>
    issues.push({ keyword: UNSTORABLE, instancePath: pathOf(index), params, message })
  for (let index = 0; index < nodes.length; index += 1) {
    const current = nodes[index]!.value
    if (typeof current === 'string') {
      if (!isStorableText(current)) report(index, { text: true }, NO_TEXT)
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) report(index, { number: true }, 'must be a finite number')
    } else if (Array.isArray(current)) {
      current.forEach((item, key) => nodes.push({ value: item, parent: index, key }))
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        // A bad key is reported on its object: its own name could not be shown.
        if (!isStorableText(key)) report(index, { text: true }, NO_TEXT)
        nodes.push({ value: item, parent: index, key })
      }
    }
  }
  return issues
}

/** The lines of one issue, each with the field it is about. */
const linesOf = (issue: SchemaIssue): [field: string, line: Message][] => {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const params = issue.params as Record<string, unknown>
  if (issue.keyword === 'required') {
    // ajv names one missing property per issue, TypeBox lists them all in one.
    const missing = [...names(params.missingProperty), ...names(params.requiredProperties)]
    if (missing.length > 0) {
      return missing.map((name) => {
        const path = field ? `${field}.${name}` : name
        return [path, MESSAGES.validation.required({ field: path })]
      })
    }
  }
  // A value can break a pattern and a format at once, which ajv and TypeBox report in another
  // order: both are the same line.
  if (issue.keyword === 'pattern' || issue.keyword === 'format') {
    return [[field, MESSAGES.validation.invalidFormat({ field })]]
  }
  if (issue.keyword === 'additionalProperties') {
    const extra = [...names(params.additionalProperty), ...names(params.additionalProperties)]
    if (extra.length > 0) {
      return extra.map((name) => [
        field ? `${field}.${name}` : name,
        MESSAGES.validation.notAllowed({ field: name }),
      ])
    }
  }
  if (issue.keyword === UNSTORABLE) {
    const name = field || 'request'
    return [
      [
        field,
        'text' in params
          ? MESSAGES.validation.unstorableText({ field: name })
          : MESSAGES.validation.finiteNumber({ field: name }),
      ],
    ]
  }
  // ajv writes "must NOT have", TypeBox "must not have": both backends answer ajv's words.
  if ((issue.keyword === 'minLength' || issue.keyword === 'maxLength') && 'limit' in params) {
    const limits = { field, count: Number(params.limit) }
    return [
      [
        field,
        issue.keyword === 'minLength'
          ? MESSAGES.validation.tooShort(limits)
          : MESSAGES.validation.tooLong(limits),
      ],
    ]
  }
  return [
    [
      field,
      MESSAGES.validation.invalid({
        field: field || 'request',
        reason: issue.message ?? 'is invalid',
      }),
    ],
  ]
}

/**
 * "email has an invalid format", "title is required": one readable line per invalid field, in
 * the validator's order. A field that breaks several rules (a union reports every branch) keeps
 * its first, most specific line. The body of every 400 that validation answers.
 */
export const validationMessages = (issues: readonly SchemaIssue[]): Message[] => {
  const byField = new Map<string, Message>()
  for (const [field, line] of issues.flatMap(linesOf)) {
    if (!byField.has(field)) byField.set(field, line)
  }
  return byField.size > 0 ? [...byField.values()] : [MESSAGES.validation.invalidRequest]
}
