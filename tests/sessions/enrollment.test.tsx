import * as sessionCalls from '@contract/descriptors/sessions'
import { MESSAGES } from '@contract/messages'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'

const { sessions: ids } = seedIds
const ALGEBRA = 'Algebra Foundations'

/** The lesson page as the given student. */
const openLesson = async (lessonId: number, as: number = seedIds.student) => {
  db.signIn(as)
  const rendered = await renderApp(undefined, { url: paths.lesson.detail.href(lessonId) })
  await screen.findAllByRole('article')
  return rendered
}

const cardOf = (sessionId: number) => {
  const session = db.sessions.find((row) => row.id === sessionId)!
  const name = `Session on ${formatDate(session.start_time, 'en-US')}, ${formatTime(
    session.start_time,
  )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
  return screen.getByRole('article', { name })
}
const button = (card: HTMLElement, name: string) => within(card).queryByRole('button', { name })
const holdsSeat = (userId: number, sessionId: number) =>
  db.enrollments.some((row) => row.userId === userId && row.sessionId === sessionId)

describe('enrolling in a free session', () => {
  it('takes the seat at once, says so, mails the student and shows the session enrolled', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson)
    expect(db.lessons.find((row) => row.id === seedIds.freeLesson)?.title).toBe(ALGEBRA)
    await user.click(button(cardOf(ids.futureFree), 'Enroll')!)
    expect(await screen.findByText(`You are enrolled in “${ALGEBRA}”`)).toBeVisible()
    expect(holdsSeat(seedIds.student, ids.futureFree)).toBe(true)
    expect(db.outbox.map((mail) => mail.to)).toEqual(['yuki@manabi.example'])
    await waitFor(() => expect(button(cardOf(ids.futureFree), 'Unenroll')).toBeEnabled())
    expect(cardOf(ids.futureFree)).toHaveTextContent('Enrolled')
    expect(button(cardOf(ids.futureFree), 'Enroll')).not.toBeInTheDocument()
  })

  it('by keyboard: focus moves to the enrolled card, and back to Enroll after unenrolling', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson)
    button(cardOf(ids.futureFree), 'Enroll')!.focus()
    await user.keyboard('{Enter}')
    await screen.findByText(`You are enrolled in “${ALGEBRA}”`)
    // The Enroll button is gone: its card's first action has focus, not the page body.
    await waitFor(() => expect(button(cardOf(ids.futureFree), 'Add to calendar')).toHaveFocus())

    button(cardOf(ids.futureFree), 'Unenroll')!.focus()
    await user.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Unenroll from this session?' })
    within(dialog).getByRole('button', { name: 'Unenroll' }).focus()
    await user.keyboard('{Enter}')
    await screen.findByText('You have unenrolled: your seat is released.')
    await waitFor(() => expect(button(cardOf(ids.futureFree), 'Enroll')).toHaveFocus())
  })

  it.each([
    [409, MESSAGES.enrollments.noSeatsLeft],
    [409, MESSAGES.enrollments.alreadyEnrolled],
    [409, MESSAGES.enrollments.alreadyStarted],
    [402, MESSAGES.enrollments.paymentRequired],
  ])('a %i refusal is an Enrollment failed toast: %o', async (status, message) => {
    server.use(mockEndpoint(sessionCalls.enroll, () => errorResponse(status, message)))
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson)
    await user.click(button(cardOf(ids.futureFree), 'Enroll')!)
    expect(
      await screen.findByText(`Enrollment failed: ${i18n.t(`api.${message.code}`)}`),
    ).toBeVisible()
    expect(holdsSeat(seedIds.student, ids.futureFree)).toBe(false)
  })

  it('the last seat taken meanwhile is refused by the mock itself, and the card refreshes', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson)
    // Tom takes the last seat while Yuki looks at the page.
    db.enrollments.push({
      id: 900,
      userId: seedIds.student2,
      lessonId: seedIds.freeLesson,
      sessionId: ids.futureFree,
      createdAt: new Date().toISOString(),
    })
    await user.click(button(cardOf(ids.futureFree), 'Enroll')!)
    expect(
      await screen.findByText(`Enrollment failed: ${i18n.t('api.enrollments.noSeatsLeft')}`),
    ).toBeVisible()
    await waitFor(() => expect(cardOf(ids.futureFree)).toHaveTextContent('Out of slots'))
  })

  it('reads in Japanese', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson)
    await act(() => i18n.changeLanguage('jp-JP'))
    const session = db.sessions.find((row) => row.id === ids.futureFree)!
    const card = screen.getByRole('article', {
      name: new RegExp(formatDate(session.start_time, 'jp-JP')),
    })
    await user.click(button(card, '受講登録')!)
    expect(await screen.findByText(`「${ALGEBRA}」に受講登録しました`)).toBeVisible()
  })
})

describe('a paid session', () => {
  it('opens the payment dialog rather than enrolling', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await user.click(button(cardOf(ids.futurePaid), 'Enroll')!)
    expect(await screen.findByRole('dialog', { name: 'Pay for your seat' })).toBeVisible()
    expect(holdsSeat(seedIds.student, ids.futurePaid)).toBe(false)
  })
})

describe('unenrolling', () => {
  it('from a paid seat before the start: says it is refunded in full, refunds, no join after', async () => {
    const user = userEvent.setup()
    // Mai paid for her seat in the upcoming session.
    await openLesson(seedIds.paidLesson, seedIds.student3)
    await user.click(button(cardOf(ids.futurePaid), 'Unenroll')!)
    const dialog = screen.getByRole('dialog', { name: 'Unenroll from this session?' })
    expect(dialog).toHaveTextContent('Your payment of $20.00 will be refunded in full.')
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }))
    expect(
      await screen.findByText('You have unenrolled: your payment is being refunded in full.'),
    ).toBeVisible()
    expect(holdsSeat(seedIds.student3, ids.futurePaid)).toBe(false)
    expect(db.payments.find((row) => row.orderId === 'ORDER-SEED-2')).toMatchObject({
      status: 'refunded',
      refundReason: 'unenrolled',
    })
    expect(db.outbox.map((mail) => mail.to)).toEqual(['kenji@manabi.example'])
    await waitFor(() => expect(cardOf(ids.futurePaid)).toHaveTextContent('Open'))
    expect(button(cardOf(ids.futurePaid), 'Join')).not.toBeInTheDocument()
    expect(button(cardOf(ids.futurePaid), 'Enroll')).toBeEnabled()
  })

  it('from a free seat: the seat is simply released; Japanese wording too', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson)
    // Yuki's seat starts in 3 minutes: she may still give it back, and then cannot join.
    expect(button(cardOf(ids.startingSoon), 'Join')).toBeEnabled()
    await user.click(button(cardOf(ids.startingSoon), 'Unenroll')!)
    const dialog = screen.getByRole('dialog', { name: 'Unenroll from this session?' })
    expect(dialog).toHaveTextContent('Your seat is simply released for another student.')
    expect(dialog).not.toHaveTextContent('refunded')
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(screen.getByRole('dialog')).toHaveTextContent('席は他の受講者のために解放されます。')
    await act(() => i18n.changeLanguage('en-US'))
    await user.click(within(dialog).getByRole('button', { name: 'Unenroll' }))
    expect(await screen.findByText('You have unenrolled: your seat is released.')).toBeVisible()
    await waitFor(() => expect(button(cardOf(ids.startingSoon), 'Join')).not.toBeInTheDocument())
    expect(holdsSeat(seedIds.student, ids.startingSoon)).toBe(false)
  })

  it('promises what was paid, not what the session costs now; a seat taken free is only released', async () => {
    const user = userEvent.setup()
    // Kenji halves his price after Mai paid $20.00; Emily prices the free lesson Yuki sits in.
    db.lessons.find((row) => row.id === seedIds.paidLesson)!.price_in_cents /= 2
    db.lessons.find((row) => row.id === seedIds.freeLesson)!.price_in_cents = 3000
    const { unmount } = await openLesson(seedIds.paidLesson, seedIds.student3)
    await user.click(button(cardOf(ids.futurePaid), 'Unenroll')!)
    const paid = screen.getByRole('dialog', { name: 'Unenroll from this session?' })
    expect(paid).toHaveTextContent('Your payment of $20.00 will be refunded in full.')
    await user.click(within(paid).getByRole('button', { name: 'Unenroll' }))
    expect(
      await screen.findByText('You have unenrolled: your payment is being refunded in full.'),
    ).toBeVisible()
    expect(db.payments.find((row) => row.orderId === 'ORDER-SEED-2')).toMatchObject({
      status: 'refunded',
      amount_in_cents: 2000,
    })
    unmount()

    await openLesson(seedIds.freeLesson)
    await user.click(button(cardOf(ids.startingSoon), 'Unenroll')!)
    const free = screen.getByRole('dialog', { name: 'Unenroll from this session?' })
    expect(free).toHaveTextContent('Your seat is simply released for another student.')
    await user.click(within(free).getByRole('button', { name: 'Unenroll' }))
    expect(await screen.findByText('You have unenrolled: your seat is released.')).toBeVisible()
  })

  it('a refusal is an Unsubscribe failed toast with the reason; the seat stays', async () => {
    server.use(
      mockEndpoint(sessionCalls.unenroll, () =>
        errorResponse(409, MESSAGES.enrollments.unenrollTooLate),
      ),
    )
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson)
    await user.click(button(cardOf(ids.startingSoon), 'Unenroll')!)
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unenroll' }))
    expect(
      await screen.findByText(`Unsubscribe failed: ${i18n.t('api.enrollments.unenrollTooLate')}`),
    ).toBeVisible()
    expect(holdsSeat(seedIds.student, ids.startingSoon)).toBe(true)
  })

  it('after the start there is no Unenroll button, and the card says why', async () => {
    await openLesson(seedIds.paidLesson)
    const live = cardOf(ids.live)
    expect(live).toHaveTextContent('Live')
    expect(button(live, 'Unenroll')).not.toBeInTheDocument()
    expect(live).toHaveTextContent(
      'This session is live: join it now. Unenrolling and refunds ended when it started.',
    )
  })
})

describe("a deactivated educator's session (§9)", () => {
  it('offers no seat and no line for one, says why, and tells a guest the same', async () => {
    const lesson = db.lessons.find((row) => row.id === seedIds.freeLesson)!
    db.users.find((row) => row.id === lesson.ownerId)!.deactivatedAt = new Date().toISOString()
    const why =
      'This educator is not taking new students at the moment: students already enrolled keep their seats.'
    const rendered = await openLesson(seedIds.freeLesson)
    const card = cardOf(ids.futureFree)
    expect(button(card, 'Enroll')).toBeDisabled()
    expect(button(card, 'Join the waitlist')).not.toBeInTheDocument()
    expect(card).toHaveTextContent(why)
    expect(within(card).getByText('Closed')).toBeVisible()
    expect(within(card).queryByText('Out of slots')).not.toBeInTheDocument()
    rendered.unmount()

    db.signOut()
    await renderApp(undefined, { url: paths.lesson.detail.href(seedIds.freeLesson) })
    await screen.findAllByRole('article')
    expect(button(cardOf(ids.futureFree), 'Join the waitlist')).not.toBeInTheDocument()
    expect(cardOf(ids.futureFree)).toHaveTextContent(why)
  })
})
