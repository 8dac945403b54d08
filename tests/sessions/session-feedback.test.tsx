import * as sessionCalls from '@contract/descriptors/sessions'
import { MESSAGES } from '@contract/messages'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db, nextId, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { formatDate } from '@/shared/i18n/format'
import { i18n } from '@/shared/i18n/i18n'
import { recordBodies } from '@tests/request-log'
import { renderApp } from '@tests/render-app'
import {
  button,
  cardName,
  dayAhead,
  field,
  fill,
  lessonRow,
  pinViewerZoneToUtc,
  sessionRow,
} from './sessions-editor-helpers'

/**
 * Issue 27: what the session dialogs say. An overlap names the session it clashes with (items
 * 9), a meeting link typed without a scheme is taken with https:// (10), and deleting a session
 * counts its students in the reader's language, one or many (12).
 */

const { sessions: ids } = seedIds
pinViewerZoneToUtc()

/** The owner's sessions region, in either language. */
const editor = () => screen.getByRole('region', { name: /^(Sessions|セッション)$/ })

/** The lesson page of its owner (Kenji by default, Emily for her lessons). */
const openLesson = async (lessonId: number, ownerId: number = seedIds.educator) => {
  db.signIn(ownerId)
  await renderApp(undefined, { url: paths.lesson.detail.href(lessonId) })
  await screen.findByRole('heading', { level: 1, name: lessonRow(lessonId).title })
  await waitFor(() => expect(within(editor()).getAllByRole('article')).not.toHaveLength(0))
}

const findCard = (sessionId: number) =>
  within(editor()).findByRole('article', { name: cardName(sessionId) })

/** Kenji's other lesson gets a session on `day`, 01:00 – 02:00 UTC. */
const sessionOfOtherLesson = (day: string) => {
  const session = {
    ...sessionRow(ids.futurePaid),
    id: nextId(db.sessions),
    lessonId: seedIds.toReviewLesson,
    start_time: `${day}T01:00:00.000Z`,
    end_time: `${day}T02:00:00.000Z`,
  }
  db.sessions.push(session)
  return session
}

/** Opens Add session (in the current language) and fills it in the browser's zone (UTC). */
const addSession = async (
  user: UserEvent,
  labels: { add: string; date: string; start: string; end: string; url: string },
  values: { date: string; start: string; end: string; url: string },
) => {
  await user.click(within(editor()).getByRole('button', { name: labels.add }))
  const dialog = screen.getByRole('dialog', { name: labels.add })
  await fill(user, dialog, labels.date, values.date)
  await fill(user, dialog, labels.start, values.start)
  await fill(user, dialog, labels.end, values.end)
  await fill(user, dialog, labels.url, values.url)
  await user.click(within(dialog).getByRole('button', { name: labels.add }))
  return dialog
}

const ENGLISH = {
  add: 'Add session',
  date: 'Date',
  start: 'Start time',
  end: 'End time',
  url: 'Meeting link',
}
const JAPANESE = {
  add: 'セッションを追加',
  date: '日付',
  start: '開始時刻',
  end: '終了時刻',
  url: 'ミーティングリンク',
}

describe('an overlapping session', { timeout: 30_000 }, () => {
  it('keeps the spec’s message and names the lesson, date and times it clashes with', async () => {
    const day = dayAhead(21)
    const clash = sessionOfOtherLesson(day)
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    const dialog = await addSession(user, ENGLISH, {
      date: day,
      start: '01:30',
      end: '02:30',
      url: 'https://zoom.us/j/42',
    })
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(
      `Probably, sessions overlap. Please check the session date again. It overlaps “${lessonRow(seedIds.toReviewLesson).title}” on ${formatDate(clash.start_time, 'en-US')}, 01:00 – 02:00 UTC.`,
    )
    expect(db.sessions.filter((row) => row.start_time.startsWith(day))).toHaveLength(1)
  })

  it('says so in Japanese, the date written the Japanese way', async () => {
    const day = dayAhead(21)
    const clash = sessionOfOtherLesson(day)
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await user.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    await within(editor()).findByRole('button', { name: JAPANESE.add })
    const dialog = await addSession(user, JAPANESE, {
      date: day,
      start: '00:30',
      end: '01:30',
      url: 'https://zoom.us/j/42',
    })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `セッションが重複している可能性があります。セッションの日付をもう一度確認してください。「${lessonRow(seedIds.toReviewLesson).title}」の${formatDate(clash.start_time, 'jp-JP')} 01:00–02:00 UTCのセッションと重なっています。`,
    )
  })

  it('shows only the spec’s message when the answer does not say which session', async () => {
    server.use(
      mockEndpoint(sessionCalls.createSession, () => errorResponse(409, MESSAGES.sessions.overlap)),
    )
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    const dialog = await addSession(user, ENGLISH, {
      date: dayAhead(30),
      start: '10:00',
      end: '11:00',
      url: 'https://zoom.us/j/42',
    })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Probably, sessions overlap\. Please check the session date again$/,
    )
  })
})

describe('a meeting link typed without a scheme', { timeout: 30_000 }, () => {
  it('is taken with https:// added, sent and stored that way (§5)', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    const bodies = recordBodies(sessionCalls.createSession)
    const day = dayAhead(40)
    await addSession(user, ENGLISH, {
      date: day,
      start: '10:00',
      end: '11:00',
      url: 'zoom.us/j/555',
    })
    expect(await screen.findByText('Session added')).toBeVisible()
    expect(bodies).toEqual([expect.objectContaining({ url: 'https://zoom.us/j/555' })])
    const created = db.sessions.at(-1)!
    expect(created.url).toBe('https://zoom.us/j/555')
    const card = await findCard(created.id)
    expect(within(card).getByRole('link', { name: 'https://zoom.us/j/555' })).toHaveAttribute(
      'href',
      'https://zoom.us/j/555',
    )
  })

  it.each([
    'zoom.us.evil.example/j/1',
    'evil.example/?u=zoom.us/j/1',
    'javascript:alert(1)//zoom.us/j/1',
    'ftp://zoom.us/j/1',
    '//zoom.us/j/1',
    'zoom.us/j/5 55',
    'http://',
  ])('is still refused when it is %j, before anything is sent', async (url) => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    const bodies = recordBodies(sessionCalls.createSession)
    const dialog = await addSession(user, ENGLISH, {
      date: dayAhead(40),
      start: '10:00',
      end: '11:00',
      url,
    })
    const input = field(dialog, 'Meeting link')
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Only Zoom or Google Meet meeting links are accepted'),
    )
    expect(bodies).toEqual([])
  })
})

describe('deleting a session with students', { timeout: 30_000 }, () => {
  const deleteSession = async (user: UserEvent, sessionId: number) => {
    await user.click(button(await findCard(sessionId), 'Delete'))
    await user.click(button(screen.getByRole('dialog'), 'Delete session'))
  }

  it('counts one student in the singular, not as "student(s)"', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await deleteSession(user, ids.futurePaid)
    expect(
      await screen.findByText('Session deleted: 1 enrolled student was refunded and e-mailed.'),
    ).toBeVisible()
    expect(screen.queryByText(/\(s\)/)).not.toBeInTheDocument()
  })

  it('counts two students in the plural', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson, seedIds.educator2)
    await deleteSession(user, ids.full)
    expect(
      await screen.findByText('Session deleted: 2 enrolled students were refunded and e-mailed.'),
    ).toBeVisible()
  })

  it('says it in Japanese, not in the server’s English', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson, seedIds.educator2)
    await user.click(button(await findCard(ids.full), 'Delete'))
    await act(() => i18n.changeLanguage('jp-JP'))
    await user.click(button(screen.getByRole('dialog'), 'セッションを削除'))
    expect(
      await screen.findByText(
        'セッションを削除しました。受講登録していた2名の受講者に返金し、メールでお知らせしました。',
      ),
    ).toBeVisible()
    expect(screen.queryByText(/Session deleted/)).not.toBeInTheDocument()
  })
})
