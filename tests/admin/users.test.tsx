import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import { MESSAGES } from '@contract/messages'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { UserFilters } from '@/features/admin/components/user-filters'
import { upcomingSessionCount } from '@/mocks/serializers'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { SEARCH_DEBOUNCE_MS } from '@/shared/lib/use-debounced-value'
import { recordBodies, recordQueries } from '@tests/request-log'
import { holdCalls } from '@tests/hold-calls'
import { renderApp } from '@tests/render-app'

const userRow = (id: number) => db.users.find((user) => user.id === id)!
const licenceRow = (id: number) => db.licences.find((licence) => licence.id === id)!

const renderUsers = async (url = paths.admin.users.href(), { empty = false } = {}) => {
  const result = await renderApp(undefined, { url, user: 'admin' })
  await screen.findByRole('heading', { name: 'Users', level: 1 })
  if (empty) await screen.findByRole('status')
  else await screen.findByRole('table', { name: 'Users' })
  return result
}

/** The table row of a user, found by the name in its row header. */
const row = (name: string) => {
  const header = screen.getByRole('rowheader', { name })
  return header.closest('tr')!
}
const cell = (name: string, column: string) => {
  const headers = within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent)
  return within(row(name)).getAllByRole('cell')[headers.indexOf(column) - 1]!
}
/** The names in the row headers (each also holds its column's name for small screens). */
const names = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .queryAllByRole('rowheader')
    .map((header) => header.lastElementChild?.textContent ?? '')

const addUsers = (count: number) => {
  for (let index = 0; index < count; index += 1) {
    db.users.push({
      ...userRow(seedIds.student2),
      id: 1000 + index,
      name: `Paging Student ${String(index).padStart(2, '0')}`,
      email: `paging-${index}@example.com`,
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, index)).toISOString(),
    })
  }
}

describe('admin users list: the table (§2)', () => {
  it('is on the admin dashboard at /, below the overview, and lists every user with its columns', async () => {
    await renderApp(undefined, { user: 'admin' })
    await screen.findByRole('heading', { name: 'Overview', level: 1 })
    await screen.findByRole('heading', { name: 'Users', level: 2 })
    await screen.findByRole('table', { name: 'Users' })
    expect(names()).toHaveLength(db.users.length)
    expect(screen.getByText(`${db.users.length} users`)).toBeInTheDocument()
    const columns = within(screen.getByRole('table', { name: 'Users' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(columns).toEqual([
      'Name',
      'E-mail',
      'Role',
      'E-mail confirmed',
      'Approved',
      'Video licence',
      'Created',
      'Actions',
    ])
    expect(cell('Kenji Tanaka', 'E-mail')).toHaveTextContent('kenji@manabi.example')
    expect(cell('Kenji Tanaka', 'Role')).toHaveTextContent('Educator')
    expect(cell('Kenji Tanaka', 'Approved')).toHaveTextContent('Yes')
    expect(cell('Kenji Tanaka', 'Video licence')).toHaveTextContent('Zoom (zoom-1@manabi.example)')
    expect(cell('Hiroshi Sato', 'Approved')).toHaveTextContent('No')
    expect(cell('Laura Bianchi', 'Video licence')).toHaveTextContent('None')
    expect(cell('Sam Lee', 'E-mail confirmed')).toHaveTextContent('No')
    expect(cell('Yuki Yamamoto', 'Approved')).toHaveTextContent('Not applicable')
    expect(cell('Yuki Yamamoto', 'Video licence')).toHaveTextContent('Not applicable')
  })

  it('offers actions on educators only', async () => {
    await renderUsers()
    expect(within(row('Yuki Yamamoto')).queryByRole('button')).not.toBeInTheDocument()
    expect(within(row('Aiko Admin')).queryByRole('button')).not.toBeInTheDocument()
    expect(
      within(row('Hiroshi Sato'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Assign licence'])
    expect(
      within(row('Kenji Tanaka'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reassign', 'Remove licence'])
  })

  it('shows an error with a retry when the list cannot be loaded', async () => {
    server.use(mockEndpoint(admin.listUsers, () => errorResponse(500, 'down'), { once: true }))
    await renderApp(undefined, { url: paths.admin.users.href(), user: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The users could not be loaded.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('rowheader', { name: 'Kenji Tanaka' })).toBeInTheDocument()
  })
})

describe('admin users list: search, filters and pages in the URL', () => {
  it(`searches by name or e-mail ${SEARCH_DEBOUNCE_MS} ms after the last keystroke`, async () => {
    const { router } = await renderUsers()
    const queries = recordQueries(admin.listUsers)
    const user = userEvent.setup()
    const search = screen.getByRole('searchbox', { name: 'Search' })
    const typed = Date.now()
    await user.type(search, 'HIRO')
    expect(queries.filter((query) => query.has('search'))).toEqual([])

    await waitFor(() => expect(names()).toEqual(['Hiroshi Sato']))
    expect(Date.now() - typed).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS)
    // One request for the whole word, not one per keystroke.
    expect(queries.map((query) => query.get('search'))).toEqual(['HIRO'])
    expect(router.state.location.search).toBe('?search=HIRO')

    await user.clear(search)
    await user.type(search, 'emily@manabi')
    await waitFor(() => expect(names()).toEqual(['Emily Carter']))
    server.events.removeAllListeners()
  })

  it('restores the view a shared link names, and ignores values it does not know', async () => {
    const queries = recordQueries(admin.listUsers)
    await renderUsers(`${paths.admin.users.href()}?search=a&role=educator&state=approved`)
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('a')
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('educator')
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('approved')
    expect(names().sort()).toEqual(['Emily Carter', 'Kenji Tanaka', 'Laura Bianchi'])
    expect(Object.fromEntries(queries[0]!)).toMatchObject({
      search: 'a',
      role: 'educator',
      state: 'approved',
      page: '1',
    })
    server.events.removeAllListeners()
  })

  it('falls back to the whole first page for an unknown role, state or page', async () => {
    const queries = recordQueries(admin.listUsers)
    await renderUsers(`${paths.admin.users.href()}?role=teacher&state=asleep&page=-2`)
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('')
    expect(names()).toHaveLength(db.users.length)
    expect(Object.fromEntries(queries[0]!)).toEqual({ page: '1', take: '20' })
    server.events.removeAllListeners()
  })

  it('filters by role and by state, each time from the first page', async () => {
    addUsers(25)
    const { router } = await renderUsers(`${paths.admin.users.href()}?page=2`)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Educator')
    await waitFor(() =>
      expect(names().sort()).toEqual([
        'Emily Carter',
        'Hiroshi Sato',
        'Kenji Tanaka',
        'Laura Bianchi',
      ]),
    )
    expect(router.state.location.search).toBe('?role=educator')

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'State' }),
      'Waiting for approval',
    )
    await waitFor(() => expect(names()).toEqual(['Hiroshi Sato']))
    expect(router.state.location.search).toBe('?role=educator&state=awaiting_approval')

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'State' }),
      'Educators without a licence',
    )
    await waitFor(() => expect(names().sort()).toEqual(['Hiroshi Sato', 'Laura Bianchi']))
  })

  it('pages through the users, 20 at a time, and Back returns to the previous page', async () => {
    addUsers(25)
    const { router } = await renderUsers()
    const pages = screen.getByRole('navigation', { name: 'Pages of users' })
    expect(names()).toHaveLength(20)
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument()
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled()

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(names()).toHaveLength(db.users.length - 20))
    expect(router.state.location.search).toBe('?page=2')
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument()
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled()

    await act(() => router.navigate(-1))
    await waitFor(() => expect(names()).toHaveLength(20))
  })

  it('says when nothing matches, and clears the search and filters on request', async () => {
    const { router } = await renderUsers(`${paths.admin.users.href()}?search=nobody&role=admin`, {
      empty: true,
    })
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('No user matches this search and these filters.')
    await userEvent.click(within(status).getByRole('button', { name: 'Clear search and filters' }))
    await waitFor(() => expect(names()).toHaveLength(db.users.length))
    expect(router.state.location.search).toBe('')
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
  })

  it('offers the first page after the last one', async () => {
    const { router } = await renderUsers(`${paths.admin.users.href()}?page=9`, { empty: true })
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('This page is empty: the list has fewer pages.')
    await userEvent.click(within(status).getByRole('button', { name: 'Go to the first page' }))
    await waitFor(() => expect(names()).toHaveLength(db.users.length))
    expect(router.state.location.search).toBe('')
  })
})

describe('admin users list: approving an educator', () => {
  it('asks first, then shows the educator approved at once and confirms', async () => {
    const held = holdCalls(admin.approveUser)
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Approve Hiroshi Sato' }))
    const dialog = screen.getByRole('dialog', { name: 'Approve this educator?' })
    expect(dialog).toHaveTextContent(
      'Approve Hiroshi Sato (hiroshi@manabi.example) as an educator?',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }))

    // Optimistic: approved before the server answers.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(cell('Hiroshi Sato', 'Approved')).toHaveTextContent('Yes'))
    expect(userRow(seedIds.unverifiedEducator).isValidated).toBe(false)
    expect(
      within(row('Hiroshi Sato')).queryByRole('button', { name: 'Approve Hiroshi Sato' }),
    ).not.toBeInTheDocument()

    await held.release()
    expect(await screen.findByText('Hiroshi Sato is approved')).toBeInTheDocument()
    expect(userRow(seedIds.unverifiedEducator).isValidated).toBe(true)
    expect(cell('Hiroshi Sato', 'Approved')).toHaveTextContent('Yes')
  })

  it('keeps keyboard focus in the row: after approving, on the button lending a licence', async () => {
    const held = holdCalls(admin.approveUser)
    await renderUsers()
    screen.getByRole('button', { name: 'Approve Hiroshi Sato' }).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Approve this educator?' })
    within(dialog).getByRole('button', { name: 'Approve' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await held.release()
    await screen.findByText('Hiroshi Sato is approved')
    await waitFor(() =>
      expect(
        within(row('Hiroshi Sato')).getByRole('button', { name: 'Assign licence to Hiroshi Sato' }),
      ).toHaveFocus(),
    )
  })

  it("rolls the row back with 'User verification failed' when the server refuses", async () => {
    const held = holdCalls(admin.approveUser, () => errorResponse(500, 'down'))
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Approve Hiroshi Sato' }))
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }),
    )
    await waitFor(() => expect(cell('Hiroshi Sato', 'Approved')).toHaveTextContent('Yes'))

    await held.release()
    expect(await screen.findByText('User verification failed')).toBeInTheDocument()
    await waitFor(() => expect(cell('Hiroshi Sato', 'Approved')).toHaveTextContent('No'))
    expect(screen.getByRole('button', { name: 'Approve Hiroshi Sato' })).toBeEnabled()
  })

  it('names the reason when another admin approved the educator first', async () => {
    await renderUsers()
    userRow(seedIds.unverifiedEducator).isValidated = true
    await userEvent.click(screen.getByRole('button', { name: 'Approve Hiroshi Sato' }))
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }),
    )
    expect(
      await screen.findByText(
        `User verification failed: ${i18n.t('api.accounts.alreadyApproved')}`,
      ),
    ).toBeInTheDocument()
    // The list is read again: the educator is approved after all.
    await waitFor(() => expect(cell('Hiroshi Sato', 'Approved')).toHaveTextContent('Yes'))
  })

  it('sends nothing when the admin cancels', async () => {
    const bodies = recordBodies(admin.approveUser)
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Approve Hiroshi Sato' }))
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(bodies).toEqual([])
    expect(cell('Hiroshi Sato', 'Approved')).toHaveTextContent('No')
    server.events.removeAllListeners()
  })

  it('takes an approved educator out of the awaiting-approval view once the server agrees', async () => {
    await renderUsers(`${paths.admin.users.href()}?state=awaiting_approval`)
    expect(names()).toEqual(['Hiroshi Sato'])
    await userEvent.click(screen.getByRole('button', { name: 'Approve Hiroshi Sato' }))
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }),
    )
    expect(
      await screen.findByText('No user matches this search and these filters.'),
    ).toBeInTheDocument()
  })
})

describe('admin users list: video licences', () => {
  it('assigns the licence the admin picks from the free ones', async () => {
    const bodies = recordBodies(admin.assignVideoLicence)
    const [firstFree, secondFree] = seedIds.licences.free
    const chosen = licenceRow(secondFree)
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Assign licence to Laura Bianchi' }))
    const dialog = screen.getByRole('dialog', { name: 'Assign a video licence' })
    const select = within(dialog).getByRole('combobox', { name: 'Licence' })
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'The first free licence',
        `Zoom (${licenceRow(firstFree).accountEmail})`,
        `Google Meet (${chosen.accountEmail})`,
      ]),
    )
    await userEvent.selectOptions(select, `Google Meet (${chosen.accountEmail})`)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }))

    expect(await screen.findByText('Laura Bianchi now holds a video licence')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() =>
      expect(cell('Laura Bianchi', 'Video licence')).toHaveTextContent(
        `Google Meet (${chosen.accountEmail})`,
      ),
    )
    expect(bodies).toEqual([{ licenceId: chosen.id }])
    expect(userRow(seedIds.educatorWithoutLicence).videoLicenceId).toBe(chosen.id)
    server.events.removeAllListeners()
  })

  it('reassigns: the educator takes the first free licence and its old one returns', async () => {
    const bodies = recordBodies(admin.assignVideoLicence)
    await renderUsers()
    await userEvent.click(
      screen.getByRole('button', { name: 'Reassign the video licence of Kenji Tanaka' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Reassign the video licence' })
    expect(dialog).toHaveTextContent(
      'Kenji Tanaka holds Zoom (zoom-1@manabi.example). They will get another free licence, and this one returns to the pool.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }))
    await screen.findByText('Kenji Tanaka now holds a video licence')
    const first = licenceRow(seedIds.licences.free[0])
    await waitFor(() =>
      expect(cell('Kenji Tanaka', 'Video licence')).toHaveTextContent(first.accountEmail),
    )
    expect(bodies).toEqual([{}])
    expect(db.users.some((user) => user.videoLicenceId === seedIds.licences.educator)).toBe(false)
    server.events.removeAllListeners()
  })

  it("shows the server's message when no licence is free, and says so in the dialog", async () => {
    for (const [index, licenceId] of seedIds.licences.free.entries()) {
      userRow(index === 0 ? seedIds.student : seedIds.student2).videoLicenceId = licenceId
    }
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Assign licence to Laura Bianchi' }))
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByText('The pool has no free licence.')).toBeInTheDocument()
    expect(
      within(dialog).getByRole('link', { name: 'Add one on the video licences page' }),
    ).toHaveAttribute('href', paths.admin.licences.href())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }))
    expect(await screen.findByText(i18n.t('api.licences.noneFree'))).toBeInTheDocument()
    expect(cell('Laura Bianchi', 'Video licence')).toHaveTextContent('None')
  })

  it('keeps both dialog buttons and the row disabled while the call runs', async () => {
    const held = holdCalls(admin.assignVideoLicence)
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Assign licence to Laura Bianchi' }))
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }))
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    expect(within(dialog).getByRole('combobox', { name: 'Licence' })).toBeDisabled()
    await held.release()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      screen.getByRole('button', { name: 'Reassign the video licence of Laura Bianchi' }),
    ).toBeEnabled()
  })

  it('warns how many upcoming sessions lose their meeting account before removing', async () => {
    const upcoming = upcomingSessionCount(seedIds.educator)
    expect(upcoming).toBeGreaterThan(1)
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Remove licence from Kenji Tanaka' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove the video licence?' })
    expect(dialog).toHaveTextContent(
      'Take Zoom (zoom-1@manabi.example) back from Kenji Tanaka? It returns to the pool.',
    )
    expect(dialog).toHaveTextContent(
      `The educator's future sessions lose their meeting account: ${upcoming} upcoming sessions are affected.`,
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove licence' }))
    expect(
      await screen.findByText('The video licence of Kenji Tanaka is back in the pool'),
    ).toBeInTheDocument()
    await waitFor(() => expect(cell('Kenji Tanaka', 'Video licence')).toHaveTextContent('None'))
    expect(userRow(seedIds.educator).videoLicenceId).toBeNull()
  })

  it('names a single upcoming session in the singular', async () => {
    const emilysLessons = new Set(
      db.lessons.filter((lesson) => lesson.ownerId === seedIds.educator2).map(({ id }) => id),
    )
    const upcoming = db.sessions.filter(
      (session) => emilysLessons.has(session.lessonId) && Date.parse(session.end_time) > Date.now(),
    )
    db.sessions = db.sessions.filter((session) => !upcoming.slice(1).includes(session))
    expect(upcomingSessionCount(seedIds.educator2)).toBe(1)
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Remove licence from Emily Carter' }))
    expect(screen.getByRole('dialog')).toHaveTextContent('1 upcoming session is affected.')
  })

  it("shows the server's message when removing fails, and keeps the licence", async () => {
    server.use(
      mockEndpoint(admin.removeVideoLicence, () => errorResponse(409, MESSAGES.licences.noneHeld)),
    )
    await renderUsers()
    await userEvent.click(screen.getByRole('button', { name: 'Remove licence from Emily Carter' }))
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove licence' }),
    )
    expect(await screen.findByText(i18n.t('api.licences.noneHeld'))).toBeInTheDocument()
    expect(cell('Emily Carter', 'Video licence')).toHaveTextContent('meet-1@manabi.example')
  })
})

describe('admin users list in Japanese', () => {
  it('shows the screen, the filters and the dialogs in Japanese', async () => {
    await i18n.changeLanguage('jp-JP')
    await renderApp(undefined, { url: paths.admin.users.href(), user: 'admin' })
    await screen.findByRole('heading', { name: 'ユーザー', level: 1 })
    await screen.findByRole('rowheader', { name: 'Hiroshi Sato' })
    expect(screen.getByRole('searchbox', { name: '検索' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'ロール' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: '状態' })).toBeInTheDocument()
    expect(within(row('Hiroshi Sato')).getByText('講師')).toBeInTheDocument()
    // Dates in the order Japanese readers write them.
    const created = new Date(userRow(seedIds.unverifiedEducator).createdAt)
    expect(
      within(row('Hiroshi Sato')).getByText(
        `${created.getFullYear()}年${created.getMonth() + 1}月${created.getDate()}日`,
      ),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Hiroshi Sato を承認' }))
    expect(screen.getByRole('dialog', { name: 'この講師を承認しますか？' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: '承認する' }))
    expect(await screen.findByText('Hiroshi Sato を承認しました')).toBeInTheDocument()
  })
})

describe('admin users list: the search box on its own', () => {
  const renderFilters = (onChange: (change: object) => void) =>
    render(
      <UserFilters
        filters={{ search: '', role: null, state: null, page: 1 }}
        onChange={onChange}
      />,
    )

  /** Moves the fake clock inside an async act, so React settles every update it causes. */
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms)
      return Promise.resolve()
    })

  it(`searches exactly ${SEARCH_DEBOUNCE_MS} ms after the last keystroke, trimmed`, async () => {
    vi.useFakeTimers()
    try {
      const onChange = vi.fn()
      renderFilters(onChange)
      const search = screen.getByRole('searchbox', { name: 'Search' })
      fireEvent.change(search, { target: { value: ' ki' } })
      await advance(SEARCH_DEBOUNCE_MS - 1)
      fireEvent.change(search, { target: { value: ' kim ' } })
      await advance(SEARCH_DEBOUNCE_MS - 1)
      expect(onChange).not.toHaveBeenCalled()
      await advance(1)
      expect(onChange).toHaveBeenCalledExactlyOnceWith({ search: 'kim' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('searches at once on Enter, without a second search later', async () => {
    vi.useFakeTimers()
    try {
      const onChange = vi.fn()
      renderFilters(onChange)
      const search = screen.getByRole('searchbox', { name: 'Search' })
      fireEvent.change(search, { target: { value: 'sato' } })
      fireEvent.submit(search)
      expect(onChange).toHaveBeenCalledExactlyOnceWith({ search: 'sato' })
      await advance(SEARCH_DEBOUNCE_MS)
      expect(onChange).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })
})

/**
 * Issue 27.2: the search box writes the URL 500 ms after the last keystroke (§9). A role or state
 * picked while that write waits must survive it: the write merges into the URL as it is when it
 * fires, not as it was when the keystroke scheduled it.
 */
describe('admin users list: a pending search keeps the filters picked meanwhile', () => {
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms)
      return Promise.resolve()
    })
  const pick = (name: 'Role' | 'State', value: string) =>
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } })
      return Promise.resolve()
    })
  const typeSearch = (value: string) =>
    act(() => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value } })
      return Promise.resolve()
    })
  /** Runs what waits on the fake clock, then reads the list with real timers again. */
  const settle = async (expected: string[]) => {
    await act(() => vi.runOnlyPendingTimersAsync())
    vi.useRealTimers()
    await waitFor(() => expect(names().sort()).toEqual(expected))
  }

  it('types a search, picks a role 300 ms later: at 499 ms no write, at 500 ms both', async () => {
    const { router } = await renderUsers(`${paths.admin.users.href()}?role=student`)
    vi.useFakeTimers()
    try {
      await typeSearch('a')
      await advance(300)
      await pick('Role', 'educator')
      expect(router.state.location.search).toBe('?role=educator')
      await advance(SEARCH_DEBOUNCE_MS - 300 - 1)
      expect(router.state.location.search).toBe('?role=educator')
      await advance(1)
      expect(router.state.location.search).toBe('?search=a&role=educator')
      expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('educator')
      await settle(['Emily Carter', 'Hiroshi Sato', 'Kenji Tanaka', 'Laura Bianchi'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('clears the search, then picks a role: the role stays once the clearing lands', async () => {
    const { router } = await renderUsers(`${paths.admin.users.href()}?search=hiro`)
    vi.useFakeTimers()
    try {
      await typeSearch('')
      await advance(200)
      await pick('Role', 'educator')
      expect(router.state.location.search).toBe('?search=hiro&role=educator')
      await advance(SEARCH_DEBOUNCE_MS - 200 - 1)
      expect(router.state.location.search).toBe('?search=hiro&role=educator')
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
      await advance(1)
      expect(router.state.location.search).toBe('?role=educator')
      await settle(['Emily Carter', 'Hiroshi Sato', 'Kenji Tanaka', 'Laura Bianchi'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('picks a role, then a state, then types: every filter survives, in either order', async () => {
    const { router } = await renderUsers()
    vi.useFakeTimers()
    try {
      // Role first, then the search, then a state while the search still waits.
      await pick('Role', 'educator')
      await typeSearch('sato')
      await advance(SEARCH_DEBOUNCE_MS - 1)
      await pick('State', 'awaiting_approval')
      expect(router.state.location.search).toBe('?role=educator&state=awaiting_approval')
      await advance(1)
      expect(router.state.location.search).toBe(
        '?search=sato&role=educator&state=awaiting_approval',
      )
      await settle(['Hiroshi Sato'])
    } finally {
      vi.useRealTimers()
    }
  })

  // One more keystroke, then the clear button before the search is written: whether the URL
  // held a search (which the clear changes) or only filters (where the search stays '').
  it.each([
    ['a search', '?search=nobody&role=admin', 'nobodyy'],
    ['no search', '?role=admin&state=awaiting_approval', 'abc'],
  ])(
    'drops a waiting search on "Clear search and filters" when the URL had %s',
    async (_had, query, typed) => {
      const { router } = await renderUsers(`${paths.admin.users.href()}${query}`, { empty: true })
      vi.useFakeTimers()
      try {
        await typeSearch(typed)
        await advance(100)
        await act(() => {
          fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }))
          return Promise.resolve()
        })
        expect(router.state.location.search).toBe('')
        expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
        await advance(SEARCH_DEBOUNCE_MS)
        expect(router.state.location.search).toBe('')
        expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
        await act(() => vi.runOnlyPendingTimersAsync())
        vi.useRealTimers()
        await waitFor(() => expect(names()).toHaveLength(db.users.length))
      } finally {
        vi.useRealTimers()
      }
    },
  )

  it('keeps both writes when the role and the search land in the same tick', async () => {
    const { router } = await renderUsers(`${paths.admin.users.href()}?state=approved`)
    vi.useFakeTimers()
    try {
      await typeSearch('kenji')
      await advance(SEARCH_DEBOUNCE_MS - 1)
      // The role's write and the search's write run before React renders again.
      act(() => {
        fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), {
          target: { value: 'educator' },
        })
        vi.advanceTimersByTime(1)
      })
      expect(router.state.location.search).toBe('?search=kenji&role=educator&state=approved')
      await settle(['Kenji Tanaka'])
    } finally {
      vi.useRealTimers()
    }
  })
})
