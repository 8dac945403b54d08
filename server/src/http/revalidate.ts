import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Encoding, encodedOnce, PER_ANSWER } from './encodings.ts'

/**
 * Who may keep a copy of an answer that browsers revalidate: `public` any cache (the guest
 * catalogue, the same for everyone), `private` the user's browser only (signed-in reads).
 */
export type Revalidate = 'public' | 'private'

const CACHE_CONTROL: Record<Revalidate, string> = {
  public: 'no-cache',
  private: 'private, no-cache',
}

/**
 * A weak validator: the hash of the JSON as serialised, so it changes whenever the body does. Weak,
 * because the compressed and the plain answer (different bytes) carry the same one.
 */
export const etagOf = (payload: string | Buffer) =>
  `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`

/** The opaque part of each tag of If-None-Match (weak comparison: `W/` ignored). */
const opaqueTags = (header: string) =>
  header.split(',').map((tag) => tag.trim().replace(/^W\//, ''))

/** Whether the client's copy (If-None-Match) is the answer about to be sent. */
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string) => {
  if (!ifNoneMatch) return false
  const tags = opaqueTags(ifNoneMatch)
  return tags.includes('*') || tags.includes(etag.replace(/^W\//, ''))
}

/** An answer's JSON as sent (its UTF-8 bytes, encoded once), its ETag, and its compressed bytes. */
export interface Representation {
  payload: Buffer
  etag: string
  encoded: (encoding: Encoding) => Buffer
}

/**
 * The JSON, ETag and compressed forms of each body object, made the first time they are sent.
 * The catalogue cache hands the same object to every request until the catalogue changes: its
 * answer is serialised, hashed and compressed once, not once per request (compressing per
 * request cut a browser's catalogue reads to a third). Kept only as long as the cache keeps the
 * object.
 */
export const representations = () => {
  const made = new WeakMap<object, Representation>()
  return (body: object, serialize: (body: object) => string): Representation => {
    let representation = made.get(body)
    if (!representation) {
      const payload = Buffer.from(serialize(body))
      representation = {
        payload,
        etag: etagOf(payload),
        encoded: encodedOnce(payload, PER_ANSWER),
      }
      made.set(body, representation)
    }
    return representation
  }
}

/**
 * Marks a successful answer of a read that browsers may keep and revalidate: its ETag, `no-cache`
 * for `scope` (keep it, but ask before each use) and what it varies with, its encoding. True when
 * the request's If-None-Match names that ETag: the answer is then a 304 with no body. The body is
 * still computed (and kept, http/route.ts): the saving is the transfer.
 */
export const revalidated = (
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Revalidate,
  etag: string,
) => {
  reply
    .header('ETag', etag)
    .header('Cache-Control', CACHE_CONTROL[scope])
    .header('Vary', 'accept-encoding')
  return matchesEtag(request.headers['if-none-match'], etag)
}
