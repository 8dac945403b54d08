import negotiate from '@fastify/accept-negotiator'
import sharp from 'sharp'
import { COVER_HEIGHT, COVER_WIDTH } from '../../../contract/rules.ts'
import { keepNewest } from '../cache/keep-newest.ts'

export const WEBP = 'image/webp'

/** A 40-megapixel photo (7,700 × 5,200) is the largest cover turned into a rendition. */
export const MAX_INPUT_PIXELS = 40_000_000

/** Still images: a GIF may move, and is sent as it was uploaded. */
const STILL = new Set(['image/jpeg', 'image/png', 'image/webp'])

/**
 * A cover as every frame shows it (16:9, centred like `object-cover`, at most twice the card's
 * width), in WebP: a demo cover's 60 KB PNG becomes about a tenth of it. Never enlarged.
 */
export const coverRendition = (bytes: Buffer) =>
  // An upload's few megabytes may declare a picture of billions of pixels: refused (the upload
  // is sent as it is) rather than decoded into gigabytes.
  sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()

/** Whether the browser says it shows WebP (every current one does, in its images' Accept). */
export const acceptsWebp = (accept: string | undefined) => negotiate(accept ?? '', [WEBP]) !== null

/**
 * The WebP renditions of the covers asked for lately, made once per stored upload (keyed by its
 * storage key: the bytes under a key never change, a new cover is a new upload; `bytes` reads
 * them only then) and kept in this instance's memory, the latest `keep` of them. Null for an
 * image that has none: a GIF, or bytes the encoder cannot read or refuses (the upload is then
 * sent as it is).
 */
export const coverRenditions = ({ keep = 200 } = {}) => {
  const made = new Map<string, Promise<Buffer | null>>()
  return (
    image: { storageKey: string; mimeType: string },
    bytes: () => Promise<Buffer>,
  ): Promise<Buffer | null> => {
    if (!STILL.has(image.mimeType)) return Promise.resolve(null)
    const kept = made.get(image.storageKey)
    const rendition = kept ?? bytes().then((upload) => coverRendition(upload).catch(() => null))
    // Stored again when used, so the ones dropped are those asked for longest ago.
    keepNewest(made, image.storageKey, rendition, keep)
    // An upload that could not be read (storage lost it) is not kept: the next call reads again.
    if (!kept) {
      rendition.catch(() => {
        if (made.get(image.storageKey) === rendition) made.delete(image.storageKey)
      })
    }
    return rendition
  }
}
