/**
 * Up to two letters for a name: the first of its first and last words ("Kenji Sato" → "KS"), or
 * its first character when it has one word ("健二" → "健"). Whole characters, so an emoji or a
 * rare kanji is never cut in half.
 */
export const initialsOf = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]
  if (!first) return ''
  const last = words.length > 1 ? words[words.length - 1] : undefined
  const initial = (word: string) => Array.from(word)[0]?.toLocaleUpperCase() ?? ''
  return initial(first) + (last ? initial(last) : '')
}

/** A round badge with the educator's initials; decorative, since the name is written beside it. */
export function EducatorAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
    >
      {initialsOf(name)}
    </span>
  )
}
