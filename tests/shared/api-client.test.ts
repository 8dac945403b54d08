import { AxiosError, AxiosHeaders } from 'axios'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl } from '@/mocks/http'
import { server } from '@/mocks/node'
import { api } from '@/shared/api/client'
import { MESSAGES, errorFields } from '@contract/messages'
import { answerText } from '@/shared/api/answer-text'
import { ApiError, apiMessages, errorMessage, serverMessage, toApiError } from '@/shared/api/errors'
import { i18n } from '@/shared/i18n/i18n'

/**
 * Not a contract endpoint: a made-up path under the API base that only these tests answer, so the
 * HTTP client is tested on its own, apart from any screen's call.
 */
const PROBE = '/probe'

const axiosError = (status: number, data: unknown) =>
  new AxiosError('Request failed', 'ERR_BAD_RESPONSE', undefined, undefined, {
    status,
    statusText: 'Status text',
    data,
    headers: {},
    config: { headers: new AxiosHeaders() },
  })

describe('toApiError', () => {
  it('keeps a single server message as a one-item list', () => {
    const error = toApiError(
      axiosError(401, { statusCode: 401, error: 'Unauthorized', message: 'Nope' }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(401)
    expect(error.messages).toEqual(['Nope'])
    expect(error.message).toBe('Nope')
    expect(error.error).toBe('Unauthorized')
  })

  it('keeps a list of messages in order and drops non-strings', () => {
    const error = toApiError(axiosError(400, { message: ['first', 2, 'second'] }))
    expect(error.messages).toEqual(['first', 'second'])
  })

  it('falls back to the status text when the body has no message', () => {
    const error = toApiError(axiosError(500, 'plain text'))
    expect(error.messages).toEqual([])
    expect(error.message).toBe('Status text')
  })

  it('reports a missing answer as status 0', () => {
    const error = toApiError(new AxiosError('Network Error', 'ERR_NETWORK'))
    expect(error.status).toBe(0)
    expect(error.message).toBe('Network Error')
  })

  it('wraps anything else thrown', () => {
    expect(toApiError(new Error('boom')).message).toBe('boom')
    expect(toApiError('weird').message).toBe('weird')
  })
})

describe('errorMessage (§8 generic helper)', () => {
  it('shows the first message of the list on 400', () => {
    expect(
      errorMessage(axiosError(400, { message: ['Title is required', 'Price'] }), 'fallback'),
    ).toBe('Title is required')
  })

  it('shows the server message on 401', () => {
    expect(errorMessage(axiosError(401, { message: 'Session expired' }), 'fallback')).toBe(
      'Session expired',
    )
  })

  it.each([403, 404, 409, 500, 0])('shows the supplied fallback on %i', (status) => {
    expect(errorMessage(axiosError(status, { message: 'server text' }), 'fallback')).toBe(
      'fallback',
    )
  })

  it('shows the fallback on 400 without a message', () => {
    expect(errorMessage(axiosError(400, {}), 'fallback')).toBe('fallback')
  })

  it('serverMessage prefers the server text whatever the status', () => {
    expect(serverMessage(axiosError(409, { message: 'Conflict here' }), 'fallback')).toBe(
      'Conflict here',
    )
    expect(serverMessage(axiosError(500, {}), 'fallback')).toBe('fallback')
    // No answer: the browser's English words are not shown.
    expect(serverMessage(new AxiosError('Network Error', 'ERR_NETWORK'), 'fallback')).toBe(
      'fallback',
    )
  })
})

describe("a server failure's reference (issue 33)", () => {
  const ID = '0b6c3f0e-9d7a-4a53-8f3e-2c1d5e4f6a7b'
  const failure = (status: number) =>
    axiosError(status, {
      statusCode: status,
      error: 'Error',
      ...errorFields(MESSAGES.http.internalError),
      requestId: ID,
    })

  it('names the request of a 5xx, so the user can quote it to support, in both languages', async () => {
    expect(errorMessage(failure(500), 'Could not save.')).toBe(`Could not save. (reference: ${ID})`)
    expect(serverMessage(failure(503), 'fallback')).toBe(
      `Something went wrong on our side. Please try again. (reference: ${ID})`,
    )
    await i18n.changeLanguage('jp-JP')
    try {
      expect(errorMessage(failure(502), '保存できませんでした。')).toBe(
        `保存できませんでした。（お問い合わせ番号: ${ID}）`,
      )
    } finally {
      await i18n.changeLanguage('en-US')
    }
  })

  it('adds none to a refusal, nor without an id', () => {
    const refused = axiosError(409, { message: 'Conflict here', requestId: ID })
    expect(serverMessage(refused, 'fallback')).toBe('Conflict here')
    expect(errorMessage(refused, 'fallback')).toBe('fallback')
    expect(errorMessage(axiosError(500, { message: 'x' }), 'fallback')).toBe('fallback')
    expect(errorMessage(axiosError(500, { message: 'x', requestId: '' }), 'fallback')).toBe(
      'fallback',
    )
  })
})

describe('messages in the UI’s language (issue 30)', () => {
  const refusal = (status: number, answer: Parameters<typeof errorFields>[0]) =>
    axiosError(status, { statusCode: status, error: 'Error', ...errorFields(answer) })
  const inJapanese = async <T>(read: () => T) => {
    await i18n.changeLanguage('jp-JP')
    try {
      return read()
    } finally {
      await i18n.changeLanguage('en-US')
    }
  }

  it('shows the translation of the code, not the server’s English', async () => {
    const full = refusal(409, MESSAGES.enrollments.noSeatsLeft)
    expect(serverMessage(full, 'fallback')).toBe('No seats left in this session.')
    expect(await inJapanese(() => serverMessage(full, 'fallback'))).toBe(
      'このセッションには空席がありません。',
    )
  })

  it('fills in the parameters, in the number they call for', async () => {
    const locked = (count: number) => refusal(429, MESSAGES.accounts.signInLocked({ count }))
    expect(serverMessage(locked(1), '')).toContain('Try again in 1 second,')
    expect(serverMessage(locked(30), '')).toContain('Try again in 30 seconds,')
    expect(await inJapanese(() => serverMessage(locked(30), ''))).toContain('30秒後に')
  })

  it('puts a named thing and a payment status in the UI’s words', async () => {
    const missing = refusal(404, MESSAGES.http.notFound({ what: 'Resource' }))
    expect(serverMessage(missing, '')).toBe('Material not found.')
    expect(await inJapanese(() => serverMessage(missing, ''))).toBe('教材が見つかりません。')
    const refunded = refusal(409, MESSAGES.payments.notProcessing({ status: 'refunded' }))
    expect(await inJapanese(() => serverMessage(refunded, ''))).toBe('この支払いは返金済みです。')
    // A thing the UI has no word for keeps the server's.
    const odd = refusal(404, MESSAGES.http.notFound({ what: 'Widget' }))
    expect(serverMessage(odd, '')).toBe('Widget not found.')
  })

  it('translates every line of a list, each with its own code', async () => {
    const lines = refusal(400, [
      MESSAGES.validation.required({ field: 'title' }),
      MESSAGES.lessons.slotsOrder,
    ])
    expect(apiMessages(lines)).toEqual([
      'Title is required.',
      'The maximum number of seats must be at least the minimum.',
    ])
    expect(errorMessage(lines, 'fallback')).toBe('Title is required.')
    expect(await inJapanese(() => apiMessages(lines))).toEqual([
      'タイトルは必須です。',
      '最大人数は最小人数以上にしてください。',
    ])
  })

  it('names a field in the UI’s words, not by the API’s key', async () => {
    const long = refusal(400, [
      MESSAGES.validation.tooLong({ field: 'name', count: 120 }),
      MESSAGES.validation.tooLong({ field: 'password', count: 128 }),
    ])
    expect(apiMessages(long)).toEqual([
      'Full name must have at most 120 characters.',
      'Password must have at most 128 characters.',
    ])
    expect(await inJapanese(() => apiMessages(long))).toEqual([
      '氏名は120文字以内で入力してください。',
      'パスワードは128文字以内で入力してください。',
    ])
    // A field the UI has no word for (a nested one) keeps the API's name.
    const nested = refusal(400, MESSAGES.validation.webUrl({ field: 'links.0.url' }))
    expect(apiMessages(nested)).toEqual(['links.0.url must be a web address (http or https).'])
  })

  it('shows the server’s text when the code is unknown, absent or malformed', () => {
    expect(serverMessage(axiosError(409, { message: 'Plain words' }), '')).toBe('Plain words')
    expect(serverMessage(axiosError(409, { message: 'New words', code: 'x.unknown' }), '')).toBe(
      'New words',
    )
    const odd = axiosError(409, { message: 'Odd', code: 42, params: 'no' })
    expect(serverMessage(odd, '')).toBe('Odd')
    // A list whose codes do not line up keeps the texts without codes.
    const list = axiosError(400, { message: ['One', 'Two'], problems: 'none' })
    expect(apiMessages(list)).toEqual(['One', 'Two'])
  })

  it('translates a success answer’s message too', async () => {
    const answer = { message: 'Logged out', code: MESSAGES.accounts.loggedOut.code }
    expect(answerText(answer)).toBe('You are signed out.')
    expect(await inJapanese(() => answerText(answer))).toBe('ログアウトしました。')
    expect(answerText({ message: 'Bye' })).toBe('Bye')
  })
})

describe('the HTTP client', () => {
  it('calls the API base with credentials and Accept: application/json', async () => {
    let seen: { accept: string | null; credentials: RequestCredentials } | undefined
    server.use(
      http.get(apiUrl(PROBE), ({ request }) => {
        seen = { accept: request.headers.get('accept'), credentials: request.credentials }
        return HttpResponse.json({ ok: true })
      }),
    )
    const response = await api.get<{ ok: boolean }>(PROBE)
    expect(response.data).toEqual({ ok: true })
    expect(seen?.accept).toContain('application/json')
    expect(seen?.credentials).toBe('include')
    expect(api.defaults.withCredentials).toBe(true)
  })

  it('rejects with a normalised ApiError', async () => {
    server.use(
      http.get(apiUrl(PROBE), () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: ['Probably, sessions overlap'] },
          { status: 409 },
        ),
      ),
    )
    const failure = await api.get(PROBE).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({
      status: 409,
      error: 'Conflict',
      messages: ['Probably, sessions overlap'],
    })
  })
})
