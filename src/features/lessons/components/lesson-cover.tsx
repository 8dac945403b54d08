import { COVER_HEIGHT, COVER_WIDTH, LAZY_IMAGE_THRESHOLD_PX } from '@contract/landing-rules'
import { useInView } from 'react-intersection-observer'
import { apiAssetUrl } from '@/shared/config/env'

export const FALLBACK_LESSON_IMAGE = '/images/lesson-fallback.svg'

/**
 * A lesson's cover from the API (§3: imageUrl is relative to its base), or the fallback image when
 * it has none or it fails to load. Decorative: the lesson's title is always next to it. Its width
 * and height give the 16:9 frame every cover is shown in, so the page keeps its place before the
 * image arrives; the frame's CSS sizes it.
 *
 * A lazy cover asks for its image only once it comes within §9's 100 px of the view (the
 * browser's own `loading="lazy"` starts far earlier, over a thousand pixels away); until then the
 * frame shows its background. Without IntersectionObserver it loads at once. The catalogue's
 * first cover is never lazy: it is in view, and the server preloads it with the page.
 */
export function LessonCover({
  imageUrl,
  className,
  lazy = false,
  priority = false,
}: {
  imageUrl: string | null
  className: string
  lazy?: boolean
  /** The page's largest image (the catalogue's first cover): fetched first, at once. */
  priority?: boolean
}) {
  const { ref, inView } = useInView({
    rootMargin: `${LAZY_IMAGE_THRESHOLD_PX}px`,
    triggerOnce: true,
    skip: !lazy,
    fallbackInView: true,
  })
  const src = imageUrl ? apiAssetUrl(imageUrl) : FALLBACK_LESSON_IMAGE
  return (
    <img
      ref={lazy ? ref : undefined}
      src={!lazy || inView ? src : undefined}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(FALLBACK_LESSON_IMAGE)) {
          event.currentTarget.src = FALLBACK_LESSON_IMAGE
        }
      }}
      alt=""
      fetchPriority={priority ? 'high' : undefined}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      className={className}
    />
  )
}
