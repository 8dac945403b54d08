import { COVER_HEIGHT, COVER_WIDTH } from '@contract/landing-rules'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A placeholder shaped like the content it stands for: the region is busy, screen readers hear
 * one "Loading…" status, and the shapes pulse only for viewers who accept motion.
 */
export function Skeleton({
  children,
  className = '',
}: {
  children: ReactNode
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <div aria-busy="true" className={`min-w-0 ${className}`}>
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <div aria-hidden="true" className="motion-safe:animate-pulse">
        {children}
      </div>
    </div>
  )
}

/** One grey bar standing for a line of text; its width and height come from the caller. */
export function SkeletonLine({ className = 'h-4 w-full' }: { className?: string }) {
  return <div className={`rounded bg-slate-200 ${className}`} />
}

/**
 * The cover a skeleton stands for: the static shell's cover when known (`src`, ./shell-cover.ts),
 * the page's largest paint, fetched first; else its empty frame (`frameClassName`, by default
 * `className`).
 */
export function ShellCover({
  src,
  className,
  frameClassName = className,
}: {
  src: string | undefined
  className: string
  frameClassName?: string
}) {
  return src ? (
    <img
      data-shell-cover=""
      src={src}
      alt=""
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      fetchPriority="high"
      className={className}
    />
  ) : (
    <div className={frameClassName} />
  )
}

/**
 * A card: an optional 16:9 cover, a title and a few shorter lines. `coverSrc` shows the image the
 * card will have (the static shell's first cover, ./shell-cover.ts) in place of the grey frame.
 */
export function SkeletonCard({
  cover = false,
  coverSrc,
  lines = 3,
  widthClass,
}: {
  cover?: boolean
  coverSrc?: string
  lines?: number
  /** The width of the card it stands for, when the grid's column does not set it. */
  widthClass?: string | undefined
}) {
  return (
    <div
      className={`flex h-full flex-col overflow-hidden rounded-xl bg-white ring-1 ring-slate-200${widthClass ? ` ${widthClass}` : ''}`}
    >
      {cover && (
        <ShellCover
          src={coverSrc}
          className="aspect-video w-full bg-slate-200 object-cover"
          frameClassName="aspect-video w-full bg-slate-200"
        />
      )}
      <div className="flex flex-col gap-3 p-4">
        <SkeletonLine className="h-5 w-3/4" />
        {Array.from({ length: lines }, (_, index) => (
          <SkeletonLine key={index} className={`h-3.5 ${index % 2 === 0 ? 'w-1/2' : 'w-2/3'}`} />
        ))}
      </div>
    </div>
  )
}

/**
 * Card skeletons laid out like the list they stand for (`gridClass`), the first with its cover
 * when it is known already; no status of their own (SkeletonCardGrid adds it, or the static shell
 * holds them, which has none).
 */
export function SkeletonCards({
  gridClass,
  count = 6,
  cover = false,
  firstCoverSrc,
  lines = 3,
  cardWidthClass,
}: {
  gridClass: string
  count?: number
  cover?: boolean
  /** The first card's image, when it is known already. */
  firstCoverSrc?: string | undefined
  lines?: number
  cardWidthClass?: string | undefined
}) {
  return (
    <div className={gridClass}>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonCard
          key={index}
          cover={cover}
          coverSrc={index === 0 ? firstCoverSrc : undefined}
          lines={lines}
          widthClass={cardWidthClass}
        />
      ))}
    </div>
  )
}

/** A grid of card skeletons laid out like the list it stands for, with its loading status. */
export function SkeletonCardGrid(props: Parameters<typeof SkeletonCards>[0]) {
  return (
    <Skeleton>
      <SkeletonCards {...props} />
    </Skeleton>
  )
}
