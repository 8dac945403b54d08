/**
 * The product's vocabulary: one word per concept in each language, used in every text a user
 * reads (the SPA's locale files and the e-mails). glossary.test.ts rejects the other spellings.
 * English follows the spec's American spellings, except where the spec itself writes the British
 * one (licence, cancelled); its fixed sentences ('Log in as a teacher', 'Resource created
 * successfully') stand as written.
 */
export interface Term {
  /** What the word names, in a few words. */
  readonly concept: string
  readonly en: string
  readonly jp: string
  /** Spellings of the concept that no text may use. */
  readonly rejected: { readonly en?: readonly RegExp[]; readonly jp?: readonly string[] }
}

export const GLOSSARY: readonly Term[] = [
  {
    concept: 'taking a seat in a session',
    en: 'enroll, enrolls, enrolled, enrolling, enrollment',
    jp: '受講登録（する）',
    rejected: { en: [/\benrol(?:s|ment|ments)?\b/i] },
  },
  {
    concept: 'giving the seat back before the start',
    en: 'unenroll, unenrolled, unenrolling',
    jp: '受講の取り消し、受講（登録）を取り消す',
    rejected: { en: [/\bunenrol(?:s|ment|ments)?\b/i], jp: ['登録解除', '受講キャンセル'] },
  },
  {
    concept: 'a user who enrolls',
    en: 'student',
    jp: '受講者',
    rejected: { jp: ['生徒', '受講生', '学生'] },
  },
  {
    concept: 'a user who teaches lessons',
    en: 'educator (the spec keeps "teacher" for the login variant)',
    jp: '講師',
    rejected: { jp: ['教育者', '先生'] },
  },
  { concept: 'what an educator publishes', en: 'lesson', jp: 'レッスン', rejected: {} },
  { concept: 'one scheduled meeting of a lesson', en: 'session', jp: 'セッション', rejected: {} },
  {
    concept: 'a file or link of a lesson',
    en: 'material (the spec names the entity "resource")',
    jp: '教材',
    rejected: { jp: ['資料'] },
  },
  { concept: "a student's place in a session", en: 'seat', jp: '席', rejected: { jp: ['座席'] } },
  {
    concept: 'money given back',
    en: 'refund',
    jp: '返金',
    rejected: { jp: ['払い戻し', '払戻'] },
  },
  {
    concept: "a video-conference account's right of use",
    en: 'licence, licences',
    jp: 'ライセンス',
    rejected: { en: [/\blicens(?:e|es|ed|ing)\b/i] },
  },
  {
    concept: 'called off',
    en: 'cancelled, cancelling',
    jp: 'キャンセル',
    rejected: { en: [/\bcancel(?:ed|ing)\b/i] },
  },
  {
    concept: 'a range of times or numbers',
    en: 'an en dash: 18:00–19:00, 3–10',
    jp: 'an en dash: 18:00–19:00, 3–10名',
    rejected: { en: [/\d\s*~\s*\d/], jp: ['～', '〜'] },
  },
]
