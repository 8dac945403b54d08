// A marketplace at scale, generated inside the database from a seed: for every ten lessons an
// educator, for every lesson two students, ten sessions (five ended, five to come, an educator's
// never overlapping), two paid seats a session (one in twenty given back and refunded) and a
// review. `npm run bench -- --scale 100000` loads 100,000 lessons, 1,000,000 sessions, 200,000
// students and 2,000,000 enrollments and payments with it; a test loads a small one.
//
// Every row is a function of its number and the seed (PostgreSQL's `hashint8extended`, the same
// on the embedded database), written by `insert … select … from generate_series`, so nothing
// crosses the wire but the statements, and the same seed and instant give the same world.
import { sql } from 'drizzle-orm'
import { DEFAULT_PLATFORM_FEE_PERCENT, feeShares } from '../../contract/rules.ts'
import { hashPassword } from '../../server/src/crypto/passwords.ts'
import { CATEGORIES } from '../../demo/world.ts'
import type { Database } from '../../server/src/db/client.ts'
import { categories } from '../../server/src/db/schema.ts'

export const LESSONS_PER_EDUCATOR = 10
export const SESSIONS_PER_LESSON = 10
export const STUDENTS_PER_LESSON = 2
export const SEATS_PER_SESSION = 2
/** One seat in this many is given back before its session, and refunded. */
export const REFUND_EVERY = 20
/** The password of every generated account (they share one hash: hashing 200,000 takes hours). */
export const SCALE_PASSWORD = 'ScaleWorld1'
export const SCALE_EMAIL_DOMAIN = 'scale.example'

/** The tables the world fills, whose per-row triggers are off while it loads. */
const TABLES = ['users', 'lessons', 'lesson_sessions', 'payments', 'enrollments', 'reviews']
type Rows<T> = { rows: T[] }
const FEE_BASIS_POINTS = DEFAULT_PLATFORM_FEE_PERCENT * 100
const SESSION_MINUTES = 60

/** What titles are made of; a search for one subject finds about one lesson in forty. */
const ENGLISH = {
  level: ['Beginner', 'Intermediate', 'Advanced', 'Everyday', 'Practical', 'Weekend', 'Intensive'],
  subject: [
    'Guitar',
    'Piano',
    'Violin',
    'Drawing',
    'Watercolour',
    'Photography',
    'Cooking',
    'Baking',
    'Yoga',
    'Chess',
    'Python',
    'JavaScript',
    'Statistics',
    'Calligraphy',
    'Origami',
    'Ikebana',
    'Spanish',
    'French',
    'German',
    'Korean',
    'Mandarin',
    'Public Speaking',
    'Writing',
    'Poetry',
    'History',
    'Astronomy',
    'Chemistry',
    'Biology',
    'Economics',
    'Accounting',
    'Marketing',
    'Design',
    'Knitting',
    'Gardening',
    'Dance',
    'Singing',
    'Meditation',
    'Running',
    'Pottery',
    'Woodwork',
  ],
  format: ['Workshop', 'Course', 'Circle', 'Class', 'Masterclass', 'Clinic', 'Lab'],
}
const JAPANESE = {
  level: ['初心者の', '中級の', '上級の', 'やさしい', '週末の', '実践', 'はじめての'],
  subject: [
    'ギター',
    'ピアノ',
    'バイオリン',
    'デッサン',
    '水彩画',
    '写真',
    '料理',
    'お菓子作り',
    'ヨガ',
    '将棋',
    'プログラミング',
    '統計',
    '書道',
    '折り紙',
    '生け花',
    '茶道',
    '英会話',
    'フランス語',
    '韓国語',
    '中国語',
    '話し方',
    '作文',
    '俳句',
    '日本史',
    '天文学',
    '化学',
    '生物',
    '経済',
    '簿記',
    'マーケティング',
    'デザイン',
    '編み物',
    '園芸',
    'ダンス',
    '歌',
    '瞑想',
    'ランニング',
    '陶芸',
    '木工',
    '日本語会話',
  ],
  format: ['講座', '教室', 'ワークショップ', 'サークル', '入門', 'ゼミ', 'レッスン'],
}
const NAMES = {
  english: {
    first: ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Zoe', 'Leo'],
    last: ['Smith', 'Johnson', 'Brown', 'Garcia', 'Miller', 'Davis', 'Wilson', 'Clark', 'Lewis'],
  },
  japanese: {
    first: ['結衣', '陽翔', '葵', '蓮', '凛', '湊', '美咲', '大和', '花', '悠真'],
    last: ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林'],
  },
}
const TIMEZONES = ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Sydney']

/**
 * What the bench searches for: subjects of titles (each in about one lesson in forty of its
 * language) and parts of names (each in about one account in ten).
 */
export const SEARCH_TERMS = {
  english: ['Guitar', 'piano', 'Python', 'watercolour', 'Chess', 'spanish', 'Yoga', 'Pottery'],
  japanese: ['書道', 'ギター', '英会話', '料理', '俳句', '陶芸', '生け花'],
  names: ['Garcia', 'mia', '田中', '結衣'],
} as const

export interface ScaleWorldOptions {
  lessons: number
  seed: number
  /** The instant the world is generated around (sessions before it ended, after it to come). */
  now: Date
}

export interface ScaleWorld {
  lessons: number
  educators: number
  students: number
  sessions: number
  seats: number
  /** The first id of each kind of row; the rows of a kind have consecutive ids. */
  firstIds: { user: number; lesson: number; session: number; payment: number; enrollment: number }
  adminId: number
  /** Student `index` (0-based) has id `firstIds.user + educators + index`. */
  studentId: (index: number) => number
  educatorId: (index: number) => number
}

const sizesOf = (lessons: number) => {
  const educators = Math.ceil(lessons / LESSONS_PER_EDUCATOR)
  const students = lessons * STUDENTS_PER_LESSON
  const sessions = lessons * SESSIONS_PER_LESSON
  return { lessons, educators, students, sessions, seats: sessions * SEATS_PER_SESSION }
}

/** A SQL literal of a text array (the words above: no quotes in them). */
const textArray = (words: readonly string[]) =>
  `array[${words.map((word) => `'${word}'`).join(',')}]`

/**
 * Generates the world into `db`, which holds the schema (and possibly other rows: ids continue
 * after them). The per-row triggers are off while it loads, in one transaction, and what they keep
 * (a lesson's session count, an educator's rating) is written in bulk instead; then the tables are
 * vacuumed and analysed as a database after a load would be.
 */
export const generateScaleWorld = async (
  db: Database,
  { lessons, seed, now }: ScaleWorldOptions,
): Promise<ScaleWorld> => {
  if (!Number.isSafeInteger(lessons) || lessons < 1) throw new Error('lessons: a positive integer')
  if (!Number.isSafeInteger(seed)) throw new Error('seed: an integer')
  const sizes = sizesOf(lessons)
  const passwordHash = await hashPassword(SCALE_PASSWORD)
  const at = now.toISOString()

  /** A number in [0, n) drawn from `key` (a SQL expression) and `salt`: the seed's dice. */
  const pick = (key: string, salt: number, n: number | string) =>
    `(((hashint8extended((${key})::bigint, ${seed}::bigint * 64 + ${salt}) % (${n})) + (${n})) % (${n}))`
  const word = (words: readonly string[], key: string, salt: number) =>
    `(${textArray(words)})[1 + ${pick(key, salt, words.length)}]`

  const world = await db.transaction(async (tx) => {
    const run = (statement: string) => tx.execute(sql.raw(statement))
    const rowsOf = async <T>(statement: string) => ((await run(statement)) as Rows<T>).rows
    const nextIdOf = async (table: string) => {
      const [row] = await rowsOf<{ next: number }>(
        `select coalesce(max(id), 0)::int + 1 as next from ${table}`,
      )
      return Number(row?.next ?? 1)
    }
    const firstIds = {
      user: await nextIdOf('users'),
      lesson: await nextIdOf('lessons'),
      session: await nextIdOf('lesson_sessions'),
      payment: await nextIdOf('payments'),
      enrollment: await nextIdOf('enrollments'),
    }
    // The demo's categories, when the database has none yet.
    await tx
      .insert(categories)
      .values(CATEGORIES.map(({ title, titleJp }) => ({ title, titleJp })))
      .onConflictDoNothing()
    const categoryIds = (
      await tx.select({ id: categories.id }).from(categories).orderBy(categories.id)
    ).map((row) => row.id)

    const { educators, students } = sizes
    const studentBase = firstIds.user + educators
    const adminId = studentBase + students
    for (const table of TABLES) await run(`alter table ${table} disable trigger user`)

    // Accounts: educators first, then students, then one admin; about a third use Japanese. An
    // e-mail says who it is, so the admin's search finds an account by it. Students' dice are
    // drawn from negative numbers, educators' from their index.
    const japanese = (key: string) => `${pick(key, 1, 3)} = 0`
    const nameOf = (key: string) => `case when ${japanese(key)}
        then ${word(NAMES.japanese.last, key, 2)} || ' ' || ${word(NAMES.japanese.first, key, 3)}
        else ${word(NAMES.english.first, key, 2)} || ' ' || ${word(NAMES.english.last, key, 3)} end`
    const account = (key: string, role: 'educator' | 'student') =>
      `${nameOf(key)}, '${role}' || g || '@${SCALE_EMAIL_DOMAIN}', '${role}', '${passwordHash}',
       case when ${japanese(key)} then 'jp-JP' else 'en-US' end,
       '${at}'::timestamptz - interval '400 days' + ${pick(key, 4, 86_400)} * interval '1 second',
       '${at}'::timestamptz - interval '399 days'`
    const accountColumns = `name, email, role, password_hash, language, created_at, email_confirmed_at`
    await run(`insert into users (id, ${accountColumns},
        approved_at, earnings_rule_from, timezone, description)
      select ${firstIds.user} + g, ${account('g', 'educator')},
        '${at}'::timestamptz - interval '30 days', '${at}'::timestamptz - interval '30 days',
        ${word(TIMEZONES, 'g', 5)}, 'Teaches on Manabi since the scale world began.'
      from generate_series(0, ${educators - 1}) as g`)
    await run(`insert into users (id, ${accountColumns})
      select ${studentBase} + g, ${account('-1 - g', 'student')}
      from generate_series(0, ${students - 1}) as g`)
    await run(`insert into users (id, name, email, password_hash, role, created_at, email_confirmed_at)
      values (${adminId}, 'Scale Admin', 'admin@${SCALE_EMAIL_DOMAIN}', '${passwordHash}', 'admin',
        '${at}'::timestamptz - interval '400 days', '${at}'::timestamptz - interval '399 days')`)

    // Lessons: lesson l is its educator's (l % 10)th; newer ids are newer lessons.
    const lessonTitle = (key: string) => `case when ${pick(key, 10, 10)} < 3
        then ${word(JAPANESE.level, key, 11)} || ${word(JAPANESE.subject, key, 12)} || ${word(JAPANESE.format, key, 13)}
        else ${word(ENGLISH.level, key, 11)} || ' ' || ${word(ENGLISH.subject, key, 12)} || ' ' || ${word(ENGLISH.format, key, 13)} end`
    await run(`insert into lessons (id, owner_id, category_id, title, about, details,
        price_in_cents, min_slots, max_slots, session_count, created_at, updated_at)
      select ${firstIds.lesson} + l, ${firstIds.user} + l / ${LESSONS_PER_EDUCATOR},
        (array[${categoryIds.join(',')}])[1 + ${pick('l', 14, categoryIds.length)}],
        ${lessonTitle('l')},
        'A live lesson of the scale world, number ' || l || '.',
        'Bring a notebook. Each session stands on its own.',
        (5 + ${pick('l', 15, 46)}) * 100, 1, ${SEATS_PER_SESSION} + 1 + ${pick('l', 16, 10)},
        ${SESSIONS_PER_LESSON},
        '${at}'::timestamptz - interval '60 days' - (${lessons} - l) * interval '5 minutes',
        '${at}'::timestamptz - interval '60 days' - (${lessons} - l) * interval '5 minutes'
      from generate_series(0, ${lessons - 1}) as l`)

    // Sessions: session j of lesson l falls on day (10 j + l % 10) of the hundred around now, so
    // an educator's hundred sessions each have a day of their own (none overlap); j < 5 ended.
    const day = `(${SESSIONS_PER_LESSON} * (n % ${SESSIONS_PER_LESSON}) + (n / ${SESSIONS_PER_LESSON}) % ${LESSONS_PER_EDUCATOR} - 50)`
    const start = `(date_trunc('hour', '${at}'::timestamptz) + ${day} * interval '1 day' + (1 + ${pick('n', 20, 8)}) * interval '1 hour')`
    await run(`insert into lesson_sessions (id, lesson_id, owner_id, start_time, end_time,
        timezone, url, created_at)
      select ${firstIds.session} + n, ${firstIds.lesson} + n / ${SESSIONS_PER_LESSON},
        ${firstIds.user} + n / ${SESSIONS_PER_LESSON * LESSONS_PER_EDUCATOR},
        ${start}, ${start} + interval '${SESSION_MINUTES} minutes',
        ${word(TIMEZONES, `n / ${SESSIONS_PER_LESSON * LESSONS_PER_EDUCATOR}`, 5)},
        'https://zoom.us/j/' || (1000000000 + n),
        least(${start}, '${at}'::timestamptz) - interval '7 days'
      from generate_series(0, ${sizes.sessions - 1}) as n`)

    // Seats: two students a session, never the same one twice (the second is drawn from the
    // others); each paid when its session was three days away (or an hour ago, if sooner).
    await run(`create temporary table scale_seats on commit drop as
      select ${firstIds.session} + n as session_id, k,
        ${firstIds.payment} + n * ${SEATS_PER_SESSION} + k as payment_id,
        ${firstIds.enrollment} + n * ${SEATS_PER_SESSION} + k as enrollment_id,
        ${studentBase} + case when k = 0 then ${pick('n', 21, students)}
          else (${pick('n', 21, students)} + 1 + ${pick('n', 22, students - 1)}) % ${students} end
          as user_id,
        k = 1 and ${pick('n', 23, REFUND_EVERY)} = 0 as given_back
      from generate_series(0, ${sizes.sessions - 1}) as n, generate_series(0, ${SEATS_PER_SESSION - 1}) as k`)
    const fee = feeShares(100, FEE_BASIS_POINTS).platformFeeInCents
    await run(`insert into payments (id, user_id, lesson_id, session_id, order_id, transaction_id,
        status, amount_in_cents, platform_fee_bps, platform_fee_cents, educator_share_cents,
        captured_at, refund_reason, refund_id, refund_due_at, refunded_at, created_at, updated_at)
      select seat.payment_id, seat.user_id, s.lesson_id, s.id,
        'SCALE-ORDER-' || seat.payment_id, 'SCALE-CAPTURE-' || seat.payment_id,
        case when seat.given_back then 'refunded' else 'success' end,
        l.price_in_cents, ${FEE_BASIS_POINTS},
        l.price_in_cents / 100 * ${fee}, l.price_in_cents - l.price_in_cents / 100 * ${fee},
        paid.at,
        case when seat.given_back then 'unenrolled' end,
        case when seat.given_back then 'SCALE-REFUND-' || seat.payment_id end,
        case when seat.given_back then given.at end,
        case when seat.given_back then given.at end,
        paid.at, paid.at
      from scale_seats as seat
      join lesson_sessions as s on s.id = seat.session_id
      join lessons as l on l.id = s.lesson_id
      cross join lateral (select least(s.start_time - interval '3 days',
        '${at}'::timestamptz - interval '1 hour') as at) as paid
      cross join lateral (select least(paid.at + interval '1 day',
        '${at}'::timestamptz - interval '30 minutes') as at) as given`)
    await run(`insert into enrollments (id, session_id, user_id, payment_id, created_at, cancelled_at)
      select seat.enrollment_id, seat.session_id, seat.user_id, seat.payment_id, p.captured_at,
        case when seat.given_back then p.refunded_at end
      from scale_seats as seat join payments as p on p.id = seat.payment_id`)

    // A review of each lesson by the first student of its first session (which ended).
    await run(`insert into reviews (lesson_id, author_id, body, rating, created_at)
      select s.lesson_id, seat.user_id, 'Clear, friendly and well paced.',
        3 + ${pick('s.lesson_id', 24, 3)}, s.end_time + interval '1 day'
      from lesson_sessions as s
      join scale_seats as seat on seat.session_id = s.id and seat.k = 0
      where s.id >= ${firstIds.session} and (s.id - ${firstIds.session}) % ${SESSIONS_PER_LESSON} = 0`)
    await run(`update users set rating_total = r.total, rating_count = r.count
      from (select l.owner_id, sum(v.rating)::int as total, count(*)::int as count
        from reviews as v join lessons as l on l.id = v.lesson_id
        where l.id >= ${firstIds.lesson} group by l.owner_id) as r
      where users.id = r.owner_id`)

    for (const table of TABLES) {
      await run(`alter table ${table} enable trigger user`)
      await run(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      )
    }
    // The catalogue changed: a write the catalogue's triggers see, so every cache reads again.
    await run(`update categories set title = title where id = ${categoryIds[0]}`)
    return { firstIds, adminId, studentBase }
  })

  for (const table of TABLES) await db.execute(sql.raw(`vacuum (analyze) ${table}`))
  return {
    ...sizes,
    firstIds: world.firstIds,
    adminId: world.adminId,
    studentId: (index) => world.studentBase + index,
    educatorId: (index) => world.firstIds.user + index,
  }
}
