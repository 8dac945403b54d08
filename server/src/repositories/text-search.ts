import { type SQL, sql } from 'drizzle-orm'

/** A LIKE pattern that matches `text` anywhere, literally (its % and _ are not wildcards). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * Whether `expression` contains `text`, whatever the case (ILIKE), in a form an index of
 * migration 0014 serves: pg_trgm's index for three characters or more, the bigrams' index for
 * fewer (a trigram index finds nothing in two). `expression` must be written as its index is.
 */
export const containsText = (expression: SQL, text: string): SQL => {
  const matches = sql`${expression} ilike ${containing(text)}`
  // Counted as PostgreSQL counts characters (code points), not UTF-16 units.
  if ([...text].length >= 3) return matches
  return sql`(bigrams(${expression}) @> bigrams(${text}) and ${matches})`
}

/** The same search over several texts, each of which is one of `expression`'s parts. */
export const anyContainsText = (expression: SQL, parts: SQL[], text: string): SQL =>
  sql`(${containsText(expression, text)} and (${sql.join(
    parts.map((part) => sql`${part} ilike ${containing(text)}`),
    sql` or `,
  )}))`
