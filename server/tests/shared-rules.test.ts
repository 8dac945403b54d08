import { STATUS_CODES } from 'node:http'
import type { TSchema } from 'typebox'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { RegisterBody } from '../../contract/endpoints/auth.ts'
import { LessonWriteBody } from '../../contract/endpoints/lessons.ts'
import { LessonListQuery } from '../../contract/endpoints/lessons.ts'
import { type Message, MESSAGES, REASON_PHRASES } from '../../contract/messages.ts'
import {
  type SchemaIssue,
  unstorableIssues,
  validationMessages,
} from '../../contract/validation.ts'
import { validationErrors } from '../../src/mocks/http.ts'
import { validatorCompiler } from '../src/http/validators.ts'

/** The English lines of validation messages. */
const texts = (lines: readonly Message[]) => lines.map((line) => line.text)

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
    expect(texts(validationMessages(serverIssues(schema, body)))).toEqual(expected)
    expect(texts(validationMessages(mockIssues(schema, body)))).toEqual(expected)
  })
})

/** The lines the server's validator answers for one part of a request. */
const serverLines = (schema: object, httpPart: 'body' | 'querystring', data: unknown) => {
  const validate = validatorCompiler({ schema, httpPart, method: 'POST', url: '/' }) as ((
    data: unknown,
  ) => boolean) & { errors?: SchemaIssue[] | null }
  return validate(structuredClone(data)) ? [] : texts(validationMessages(validate.errors ?? []))
}

describe('what no schema states, refused alike by both backends', () => {
  const lesson = { title: 'T', categoryId: 1, price_in_cents: 100, min_slots: 1, max_slots: 2 }

  it('refuses NUL and unpaired surrogates in any string, with the rest of the problems', () => {
    const body = {
      ...lesson,
      title: 'Kan\u0000ji',
      max_slots: 99,
      links: [{ title: 'x', description: '\udc00', url: 'https://example.com' }],
      extra: { deep: ['ok', 'n\u0000'] },
    }
    const expected = [
      'max_slots must be <= 50',
      MESSAGES.validation.unstorableText({ field: 'title' }).text,
      MESSAGES.validation.unstorableText({ field: 'links.0.description' }).text,
      MESSAGES.validation.unstorableText({ field: 'extra.deep.1' }).text,
    ]
    expect(serverLines(LessonWriteBody, 'body', body)).toEqual(expected)
    expect(texts(validationErrors(LessonWriteBody, body))).toEqual(expected)
  })

  it('refuses a query number that reads as Infinity', () => {
    // ajv coerces "1e999" to Infinity and then skips its range checks.
    expect(serverLines(LessonListQuery, 'querystring', { page: '1e999' })).toEqual([
      MESSAGES.validation.finiteNumber({ field: 'page' }).text,
    ])
  })

  it('takes well-formed text of every plane, and finite numbers', () => {
    const body = { ...lesson, title: 'かな 😀 \t\r\n \u007f', about: '' }
    expect(serverLines(LessonWriteBody, 'body', body)).toEqual([])
    expect(texts(validationErrors(LessonWriteBody, body))).toEqual([])
  })

  it('walks a body nested far deeper than a call stack goes', () => {
    let deep: unknown = 'bottom\u0000'
    for (let level = 0; level < 200_000; level += 1) deep = [deep]
    expect(unstorableIssues(deep)).toHaveLength(1)
  })
})

describe('the reason phrases of the contract', () => {
  it("are Node's, so the error body's `error` is the standard phrase", () => {
    for (const [status, phrase] of Object.entries(REASON_PHRASES)) {
      expect(phrase).toBe(STATUS_CODES[Number(status)])
    }
  })
})

describe('the messages with a count', () => {
  it('agree with their count, one or more', () => {
    expect(MESSAGES.sessions.deletedWithRefunds({ count: 1 }).text).toBe(
      'Session deleted; 1 enrolled student notified, every paid seat refunded in full',
    )
    expect(MESSAGES.sessions.deletedWithRefunds({ count: 2 }).text).toBe(
      'Session deleted; 2 enrolled students notified, every paid seat refunded in full',
    )
    expect(MESSAGES.http.tooManyAttempts({ count: 1 }).text).toBe(
      'Too many attempts. Try again in 1 second.',
    )
    expect(MESSAGES.http.tooManyAttempts({ count: 30 }).text).toBe(
      'Too many attempts. Try again in 30 seconds.',
    )
    // Validation's length lines, which a field of minLength 1 answers with 1.
    const short = { keyword: 'minLength', instancePath: '/name', params: { limit: 1 } }
    const long = { keyword: 'maxLength', instancePath: '/title', params: { limit: 200 } }
    expect(texts(validationMessages([short, long]))).toEqual([
      'name must NOT have fewer than 1 character',
      'title must NOT have more than 200 characters',
    ])
  })

  it('write no count of one with a plural noun', () => {
    const ofOne: string[] = []
    const visit = (value: unknown) => {
      if (typeof value === 'function') ofOne.push(String((value as (n: number) => unknown)(1)))
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit)
    }
    visit(MESSAGES)
    const plural =
      /\b1 (?:enrolled )?(?:seconds|minutes|hours|days|characters|students|seats|sessions|reviews|files|users|licences)\b/
    expect(ofOne.filter((text) => plural.test(text))).toEqual([])
  })

  it('never write a "(s)" plural', () => {
    const texts: string[] = []
    const visit = (value: unknown) => {
      if (typeof value === 'string') texts.push(value)
      else if (typeof value === 'function') {
        for (const count of [0, 1, 2]) texts.push(String((value as (n: number) => unknown)(count)))
      } else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit)
    }
    visit(MESSAGES)
    expect(texts.filter((text) => /\w\((s|es)\)/.test(text))).toEqual([])
  })
})
