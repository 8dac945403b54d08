import { COVER_HEIGHT, COVER_WIDTH } from '@contract/rules'
import { apiAssetUrl } from '@/shared/config/env'

export const FALLBACK_LESSON_IMAGE = '/images/lesson-fallback.svg'

/**
 * A lesson's cover from the API (§3: imageUrl is relative to its base), or the fallback image when
 * it has none or it fails to load. Decorative: the lesson's title is always next to it. Its width
 * and height give the 16:9 frame every cover is shown in, so the page keeps its place before the
 * image arrives; the frame's CSS sizes it.
 */
export function LessonCover({
  imageUrl,
  className,
  lazy = false,
}: {
  imageUrl: string | null
  className: string
  lazy?: boolean
}) {
  return (
    <img
      src={imageUrl ? apiAssetUrl(imageUrl) : FALLBACK_LESSON_IMAGE}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(FALLBACK_LESSON_IMAGE)) {
          event.currentTarget.src = FALLBACK_LESSON_IMAGE
        }
      }}
      alt=""
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      {...(lazy ? { loading: 'lazy' as const } : {})}
      className={className}
    />
  )
}
