import { STATUS_CODES } from 'node:http'
import type { TSchema } from 'typebox'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { RegisterBody } from '../../contract/endpoints/auth.ts'
import { LessonWriteBody } from '../../contract/endpoints/lessons.ts'
import { REASON_PHRASES } from '../../contract/messages.ts'
import { type SchemaIssue, validationMessages } from '../../contract/validation.ts'
import { validatorCompiler } from '../src/http/validators.ts'

/** What the server's validator reports for a JSON body. */
const serverIssues = (schema: object, body: unknown): SchemaIssue[] => {
  const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '/' }) as ((
    data: unknown,
  ) => boolean) & {
    errors?: SchemaIssue[] | null
  }
  return validate(structuredClone(body)) ? [] : (validate.errors ?? [])
}

/** What the mock catalogue's validator (TypeBox) reports for the same body. */
const mockIssues = (schema: TSchema, body: unknown): SchemaIssue[] => [
  ...Value.Errors(schema, body),
]

describe('the validation formatter both backends use', () => {
  it.each([
    [
      'a registration with a missing name and invalid fields',
      RegisterBody,
      { email: 'nope', password: 'short', role: 'admin' },
      [
        'name is required',
        'email has an invalid format',
        'password has an invalid format',
        'role must be equal to constant',
      ],
    ],
    [
      'a lesson whose nullable image id is out of range',
      LessonWriteBody,
      { title: 'T', categoryId: 1, price_in_cents: 100, min_slots: 0, max_slots: 2, imageId: 0 },
      ['min_slots must be >= 1', 'imageId must be >= 1'],
    ],
  ])('words %s alike, one line per field', (_case, schema, body, expected) => {
    expect(validationMessages(serverIssues(schema, body))).toEqual(expected)
    expect(validationMessages(mockIssues(schema, body))).toEqual(expected)
  })
})

describe('the reason phrases of the contract', () => {
  it("are Node's, so the error body's `error` is the standard phrase", () => {
    for (const [status, phrase] of Object.entries(REASON_PHRASES)) {
      expect(phrase).toBe(STATUS_CODES[Number(status)])
    }
  })
})
