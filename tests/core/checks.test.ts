import { describe, expect, it } from 'vitest'
import {
  canReadFile,
  canReadMaterials,
  firstOverlap,
  isValidatedAccount,
  joinRefusal,
  type LessonFacts,
  lessonFieldProblems,
  materialTitle,
  materialWrite,
  normaliseAccountEmail,
  reviewText,
  reviewWrite,
  sessionWrite,
  storedLinks,
} from '@contract/checks'
import { filePath } from '@contract/files'
import { MESSAGES } from '@contract/messages'
import { JOIN_WINDOW_MS, REVIEW_MAX_LENGTH } from '@contract/rules'

const ROLES = ['admin', 'student', 'educator'] as const

describe('accounts', () => {
  it('stores a pool account’s e-mail trimmed and in lower case', () => {
    expect(normaliseAccountEmail('  Zoom.Pool@Example.COM ')).toBe('zoom.pool@example.com')
  })

  it('needs an admin’s approval for educators only', () => {
    expect(isValidatedAccount('educator', false)).toBe(false)
    expect(isValidatedAccount('educator', true)).toBe(true)
    expect(isValidatedAccount('student', false)).toBe(true)
    expect(isValidatedAccount('admin', false)).toBe(true)
  })
})

describe('access to materials and files, for each role', () => {
  it.each(ROLES)('a %s reads materials as an admin, the owner or a student with a seat', (role) => {
    const admin = role === 'admin'
    expect(canReadMaterials({ role, owner: false, enrolled: false })).toBe(admin)
    expect(canReadMaterials({ role, owner: true, enrolled: false })).toBe(true)
    expect(canReadMaterials({ role, owner: false, enrolled: true })).toBe(true)
    expect(canReadMaterials({ role, owner: true, enrolled: true })).toBe(true)
  })

  it.each(ROLES)('a %s gets a file as an admin, its uploader or a reader of its lesson', (role) => {
    const admin = role === 'admin'
    expect(canReadFile({ role, uploader: false, readsLesson: false })).toBe(admin)
    expect(canReadFile({ role, uploader: true, readsLesson: false })).toBe(true)
    expect(canReadFile({ role, uploader: false, readsLesson: true })).toBe(true)
    expect(canReadFile({ role, uploader: true, readsLesson: true })).toBe(true)
  })
})

describe('joinRefusal: who may have the meeting link, and when (§9)', () => {
  const session = { start_time: '2026-06-01T10:00:00.000Z', end_time: '2026-06-01T11:00:00.000Z' }
  const start = Date.parse(session.start_time)
  const end = Date.parse(session.end_time)
  const at = (ms: number) => new Date(ms)

  it('refuses a viewer without a seat, at any time', () => {
    for (const now of [start - JOIN_WINDOW_MS - 1, start, end - 1]) {
      expect(joinRefusal(session, { enrolled: false, owner: false }, at(now))).toBe(
        MESSAGES.sessions.notEnrolled,
      )
    }
  })

  it('gives the owner the link at any time', () => {
    for (const now of [start - JOIN_WINDOW_MS - 1, start, end]) {
      expect(joinRefusal(session, { enrolled: false, owner: true }, at(now))).toBeNull()
    }
  })

  it.each([
    [start - JOIN_WINDOW_MS - 1, MESSAGES.sessions.outsideJoinWindow],
    [start - JOIN_WINDOW_MS, null],
    [end - 1, null],
    [end, MESSAGES.sessions.outsideJoinWindow],
  ])('at %i answers a student %j', (now, refusal) => {
    expect(joinRefusal(session, { enrolled: true, owner: false }, at(now))).toBe(refusal)
  })
})

describe('lessonFieldProblems: the lesson form’s rules (§5)', () => {
  const body = {
    title: 'Kanji for beginners',
    min_slots: 1,
    max_slots: 3,
    imageId: 9,
    links: [{ title: 'NHK', description: 'News', url: 'www3.nhk.or.jp/news/easy/' }],
  }
  const creating: LessonFacts = { categoryExists: true, ownImage: true, current: null }
  const current = { hasImage: true, about: 'About', details: 'Details' }
  const editing: LessonFacts = { categoryExists: true, ownImage: true, current }

  it('finds nothing wrong with a complete lesson, max seats equal to min seats included', () => {
    expect(lessonFieldProblems(body, creating)).toEqual([])
    expect(lessonFieldProblems({ ...body, min_slots: 3, max_slots: 3 }, creating)).toEqual([])
    expect(lessonFieldProblems({ ...body, links: undefined }, creating)).toEqual([])
  })

  it('refuses max seats below min seats', () => {
    expect(lessonFieldProblems({ ...body, min_slots: 4, max_slots: 3 }, creating)).toEqual([
      MESSAGES.lessons.slotsOrder,
    ])
  })

  it('needs a title that is not blank', () => {
    for (const title of ['', '   ', '\t\n']) {
      expect(lessonFieldProblems({ ...body, title }, creating)).toEqual([
        MESSAGES.validation.required({ field: 'title' }),
      ])
    }
  })

  it('needs a category that exists', () => {
    expect(lessonFieldProblems(body, { ...creating, categoryExists: false })).toEqual([
      MESSAGES.lessons.unknownCategory,
    ])
  })

  it('needs a cover: one the educator uploaded, or the one the lesson has', () => {
    expect(lessonFieldProblems(body, { ...creating, ownImage: false })).toEqual([
      MESSAGES.lessons.unknownImage,
    ])
    expect(lessonFieldProblems({ ...body, imageId: undefined }, creating)).toEqual([
      MESSAGES.lessons.imageRequired,
    ])
    expect(lessonFieldProblems({ ...body, imageId: null }, creating)).toEqual([
      MESSAGES.lessons.imageRequired,
    ])
    expect(lessonFieldProblems({ ...body, imageId: undefined }, editing)).toEqual([])
    expect(lessonFieldProblems({ ...body, imageId: null }, editing)).toEqual([
      MESSAGES.lessons.imageRequired,
    ])
    const bare = { ...editing, current: { ...current, hasImage: false } }
    expect(lessonFieldProblems({ ...body, imageId: undefined }, bare)).toEqual([
      MESSAGES.lessons.imageRequired,
    ])
    expect(lessonFieldProblems(body, bare)).toEqual([])
  })

  it('keeps about and details when an edit leaves them out, and refuses them blank', () => {
    expect(lessonFieldProblems({ ...body, about: '  ', details: '\n' }, editing)).toEqual([
      MESSAGES.validation.required({ field: 'about' }),
      MESSAGES.validation.required({ field: 'details' }),
    ])
    const blank = { ...editing, current: { ...current, about: ' ', details: '' } }
    expect(lessonFieldProblems(body, blank)).toEqual([
      MESSAGES.validation.required({ field: 'about' }),
      MESSAGES.validation.required({ field: 'details' }),
    ])
    expect(lessonFieldProblems({ ...body, about: 'New', details: 'New' }, blank)).toEqual([])
    // Creating, about and details may still be empty.
    expect(lessonFieldProblems({ ...body, about: '', details: '' }, creating)).toEqual([])
  })

  it('names each link that is no web page by its index', () => {
    const links = [
      { title: 'a', description: 'a', url: 'example.com' },
      { title: 'b', description: 'b', url: 'javascript:alert(1)' },
      { title: 'c', description: 'c', url: 'https://zoom.us@evil.example' },
    ]
    expect(lessonFieldProblems({ ...body, links }, creating)).toEqual([
      MESSAGES.validation.webUrl({ field: 'links[1].url' }),
      MESSAGES.validation.webUrl({ field: 'links[2].url' }),
    ])
  })

  it('reports every problem at once, in the form’s order', () => {
    expect(
      lessonFieldProblems(
        {
          title: ' ',
          min_slots: 2,
          max_slots: 1,
          imageId: null,
          about: '',
          details: ' ',
          links: [{ title: 'x', description: 'x', url: 'ftp://example.com' }],
        },
        { categoryExists: false, ownImage: false, current },
      ),
    ).toEqual([
      MESSAGES.validation.required({ field: 'title' }),
      MESSAGES.lessons.unknownCategory,
      MESSAGES.lessons.slotsOrder,
      MESSAGES.lessons.imageRequired,
      MESSAGES.validation.required({ field: 'about' }),
      MESSAGES.validation.required({ field: 'details' }),
      MESSAGES.validation.webUrl({ field: 'links[0].url' }),
    ])
  })

  it('stores links with absolute urls and only the fields the contract names', () => {
    const typed = [
      { title: 'NHK', description: 'News', url: '  www3.nhk.or.jp/news/easy/ ', extra: 1 },
      { title: 'TS', description: 'Docs', url: 'http://example.com/a' },
    ]
    expect(storedLinks(typed)).toEqual([
      { title: 'NHK', description: 'News', url: 'https://www3.nhk.or.jp/news/easy/' },
      { title: 'TS', description: 'Docs', url: 'http://example.com/a' },
    ])
  })
})

describe('sessionWrite: a session form as the backends store it', () => {
  const form = {
    date: '2026-06-01',
    startHour: '10:00',
    endHour: '11:30',
    timezone: 'Asia/Tokyo',
    url: ' zoom.us/j/5551234 ',
  }
  const start = new Date('2026-06-01T01:00:00.000Z')
  const before = new Date(start.getTime() - 1)

  it('stores the start and end in UTC, the zone, and the link made absolute', () => {
    expect(sessionWrite(form, before)).toEqual({
      ok: true,
      value: {
        start,
        end: new Date('2026-06-01T02:30:00.000Z'),
        timezone: 'Asia/Tokyo',
        url: 'https://zoom.us/j/5551234',
      },
    })
  })

  it('stores the zone as the engine spells it, however it was typed', () => {
    const spellings: [string, string][] = [
      ['asia/tokyo', 'Asia/Tokyo'],
      ['ASIA/TOKYO', 'Asia/Tokyo'],
      ['US/Pacific', 'America/Los_Angeles'],
      ['utc', 'UTC'],
    ]
    for (const [typed, stored] of spellings) {
      const checked = sessionWrite({ ...form, timezone: typed }, before)
      expect(checked.ok && checked.value.timezone, typed).toBe(stored)
    }
    expect(sessionWrite({ ...form, timezone: 'Asia/Tokyo ' }, before)).toEqual({
      ok: false,
      problems: [MESSAGES.sessions.unknownTimeZone],
    })
  })

  it('refuses a start at now or before it, not one ms after it', () => {
    const refused = { ok: false, problems: [MESSAGES.sessions.startInPast] }
    expect(sessionWrite(form, start)).toEqual(refused)
    expect(sessionWrite(form, new Date(start.getTime() + 1))).toEqual(refused)
    expect(sessionWrite(form, before).ok).toBe(true)
  })

  it('refuses an end at or before the start, before it looks at the time', () => {
    const refused = { ok: false, problems: [MESSAGES.sessions.endBeforeStart] }
    expect(sessionWrite({ ...form, endHour: '10:00' }, before)).toEqual(refused)
    expect(sessionWrite({ ...form, endHour: '09:59' }, before)).toEqual(refused)
    expect(sessionWrite({ ...form, endHour: '10:00' }, start)).toEqual(refused)
    expect(sessionWrite({ ...form, endHour: '10:01' }, before).ok).toBe(true)
  })

  it('refuses a day the calendar does not have instead of rolling it over, and takes the last real ones', () => {
    const refused = { ok: false, problems: [MESSAGES.sessions.invalidDate] }
    for (const date of [
      '2027-02-29',
      '2028-02-30',
      '2027-04-31',
      '2027-13-01',
      '2027-00-10',
      '2027-01-00',
      '2027-1-05',
    ]) {
      expect(sessionWrite({ ...form, date }, before), date).toEqual(refused)
    }
    for (const date of ['2028-02-29', '2027-04-30', '2027-12-31', '2027-01-01']) {
      expect(sessionWrite({ ...form, date }, before).ok, date).toBe(true)
    }
    expect(sessionWrite({ ...form, date: '2027-02-30', timezone: 'Mars/Base' }, before)).toEqual({
      ok: false,
      problems: [MESSAGES.sessions.invalidDate, MESSAGES.sessions.unknownTimeZone],
    })
  })

  it('reports an unknown zone and a link of no provider together', () => {
    expect(sessionWrite({ ...form, timezone: 'Mars/Olympus_Mons' }, before)).toEqual({
      ok: false,
      problems: [MESSAGES.sessions.unknownTimeZone],
    })
    for (const url of ['https://zoom.us@evil.example/j/1', 'zoom.us.evil.example/j/1', '  ']) {
      expect(sessionWrite({ ...form, url }, before)).toEqual({
        ok: false,
        problems: [MESSAGES.sessions.unsupportedMeetingLink],
      })
    }
    expect(sessionWrite({ ...form, timezone: 'Nowhere', url: 'x', endHour: '09:00' })).toEqual({
      ok: false,
      problems: [MESSAGES.sessions.unknownTimeZone, MESSAGES.sessions.unsupportedMeetingLink],
    })
  })
})

describe('firstOverlap: the earliest of the educator’s sessions a slot would overlap', () => {
  const row = (id: number, start: string, end: string) => ({
    id,
    start_time: `2026-06-01T${start}:00.000Z`,
    end_time: `2026-06-01T${end}:00.000Z`,
  })
  const slot = {
    start: new Date('2026-06-01T10:00:00.000Z'),
    end: new Date('2026-06-01T11:00:00.000Z'),
  }

  it('names the earliest one', () => {
    const late = row(1, '10:30', '11:30')
    const early = row(2, '09:30', '10:30')
    expect(firstOverlap(slot, [late, row(3, '12:00', '13:00'), early])).toBe(early)
  })

  it('finds none among sessions that only touch it', () => {
    expect(firstOverlap(slot, [row(1, '09:00', '10:00'), row(2, '11:00', '12:00')])).toBe(undefined)
  })
})

describe('materialWrite: a material as the backends store it', () => {
  const noFile = { file: undefined, fileInUse: false }
  const link = {
    title: '  Reading  ',
    description: ' NHK easy news ',
    url: '  www3.nhk.or.jp/news/easy/ ',
    type: 'link' as const,
  }
  const file = { id: 41, filename: 'slides.PPTX' }
  const upload = { title: ' Slides ', description: ' ', url: '', type: 'presentation' as const }

  it('stores a link trimmed, its url absolute, with no file', () => {
    expect(materialWrite({ ...link, lessonId: 3 }, 3, noFile)).toEqual({
      ok: true,
      value: {
        title: 'Reading',
        description: 'NHK easy news',
        type: 'link',
        url: 'https://www3.nhk.or.jp/news/easy/',
        fileId: null,
      },
    })
    expect(materialWrite({ ...link, fileId: null }, 3, noFile).ok).toBe(true)
  })

  it('refuses a body for another lesson before anything else', () => {
    expect(materialWrite({ ...link, title: '', lessonId: 4 }, 3, noFile)).toEqual({
      ok: false,
      problems: [MESSAGES.materials.lessonMismatch],
    })
  })

  it('refuses a blank title, description or url of a link, all at once', () => {
    expect(
      materialWrite({ ...link, title: ' ', description: '\n', url: '  ', fileId: 41 }, 3, noFile),
    ).toEqual({
      ok: false,
      problems: [
        MESSAGES.validation.required({ field: 'title' }),
        MESSAGES.validation.required({ field: 'description' }),
        MESSAGES.validation.required({ field: 'url' }),
        MESSAGES.materials.linkWithFile,
      ],
    })
  })

  it.each([
    'javascript:alert(1)',
    'https://zoom.us@evil.example',
    'ftp://example.com',
    '//x.example',
  ])('refuses a link to %j', (url) => {
    expect(materialWrite({ ...link, url }, 3, noFile)).toEqual({
      ok: false,
      problems: [MESSAGES.validation.webUrl({ field: 'url' })],
    })
  })

  it('refuses a link with a file', () => {
    expect(materialWrite({ ...link, fileId: 41 }, 3, { file, fileInUse: false })).toEqual({
      ok: false,
      problems: [MESSAGES.materials.linkWithFile],
    })
  })

  it('stores a file material with its type from the file’s extension and its download path', () => {
    expect(materialWrite({ ...upload, fileId: 41 }, 3, { file, fileInUse: false })).toEqual({
      ok: true,
      value: {
        title: 'Slides',
        description: '',
        type: 'presentation',
        url: filePath(41),
        fileId: 41,
      },
    })
    const pdf = { file: { id: 42, filename: 'notes.pdf' }, fileInUse: false }
    expect(materialWrite({ ...upload, type: 'other', fileId: 42 }, 3, pdf)).toMatchObject({
      ok: true,
      value: { type: 'document', url: filePath(42), fileId: 42 },
    })
  })

  it('refuses a file material with a blank name or no file of this lesson, all at once', () => {
    expect(materialWrite({ ...upload, title: '  ', fileId: 99 }, 3, noFile)).toEqual({
      ok: false,
      problems: [MESSAGES.uploads.blankName, MESSAGES.materials.unknownFile],
    })
    expect(materialWrite({ ...upload, fileId: 99 }, 3, noFile)).toEqual({
      ok: false,
      problems: [MESSAGES.materials.unknownFile],
    })
    expect(
      materialWrite({ ...upload, title: '', fileId: 41 }, 3, { file, fileInUse: true }),
    ).toEqual({ ok: false, problems: [MESSAGES.uploads.blankName] })
  })

  it('refuses a file another material uses', () => {
    expect(materialWrite({ ...upload, fileId: 41 }, 3, { file, fileInUse: true })).toEqual({
      ok: false,
      problems: [MESSAGES.materials.fileInUse],
    })
  })

  it('renames a material to its trimmed title, never to a blank one', () => {
    expect(materialTitle('  New name ', true)).toEqual({ ok: true, value: 'New name' })
    expect(materialTitle(' \t', true)).toEqual({
      ok: false,
      problems: [MESSAGES.uploads.blankName],
    })
    expect(materialTitle('', false)).toEqual({
      ok: false,
      problems: [MESSAGES.validation.required({ field: 'title' })],
    })
  })
})

describe('reviewText: a review as the backends store it (§5)', () => {
  const tooLong = {
    ok: false,
    problems: [MESSAGES.reviews.tooLong({ count: REVIEW_MAX_LENGTH })],
  }

  it('stores it trimmed', () => {
    expect(reviewText('  Great lesson!\n')).toEqual({ ok: true, value: 'Great lesson!' })
  })

  it('refuses a blank one', () => {
    for (const text of ['', '   ', '\n\t']) {
      expect(reviewText(text)).toEqual({ ok: false, problems: [MESSAGES.reviews.blank] })
    }
  })

  it('takes exactly 2,000 characters, not 2,001, counted once trimmed and in code points', () => {
    expect(REVIEW_MAX_LENGTH).toBe(2000)
    const longest = 'a'.repeat(2000)
    expect(reviewText(longest)).toEqual({ ok: true, value: longest })
    expect(reviewText(`  ${longest}  `)).toEqual({ ok: true, value: longest })
    expect(reviewText(`${longest}a`)).toEqual(tooLong)
    const emoji = '😀'.repeat(2000)
    expect(reviewText(emoji)).toEqual({ ok: true, value: emoji })
    expect(reviewText(`${emoji}😀`)).toEqual(tooLong)
  })
})

describe('reviewWrite: whether a student may review a lesson, in the API’s order', () => {
  it('stores the trimmed text of a student who attended and has not reviewed yet', () => {
    expect(reviewWrite({ attended: true, reviewed: false, body: ' Good ' })).toEqual({
      ok: true,
      value: 'Good',
    })
  })

  it('refuses one who did not attend (403) before one who reviewed already (409)', () => {
    expect(reviewWrite({ attended: false, reviewed: true, body: '' })).toEqual({
      ok: false,
      refusal: { status: 403, message: MESSAGES.reviews.notAttended },
    })
    expect(reviewWrite({ attended: true, reviewed: true, body: '' })).toEqual({
      ok: false,
      refusal: { status: 409, message: MESSAGES.reviews.alreadyReviewed },
    })
  })

  it.each([
    ['blank', '  ', MESSAGES.reviews.blank],
    [
      'too long',
      'a'.repeat(REVIEW_MAX_LENGTH + 1),
      MESSAGES.reviews.tooLong({ count: REVIEW_MAX_LENGTH }),
    ],
  ])('refuses a %s text (400)', (_case, body, message) => {
    const result = reviewWrite({ attended: true, reviewed: false, body })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.refusal.status).toBe(400)
    // The message is the line of the 400 (one, or a list of one).
    expect([result.refusal.message].flat()).toEqual([message])
  })
})
