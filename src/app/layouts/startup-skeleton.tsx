import { lessonPageId } from '@contract/landing-rules'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CATALOGUE_CARD_WIDTH_CLASS,
  CATALOGUE_GRID_CLASS,
} from '@/features/lessons/components/catalogue-grid'
import { LessonPageShapes } from '@/features/lessons/components/lesson-page-skeleton'
import { getShellCover } from '@/shared/ui/shell-cover'
import { SkeletonCards, SkeletonLine } from '@/shared/ui/skeleton'

/**
 * The pages the static shell has a shape for: a lesson's page (at `/lesson/:id`, where the server
 * puts its cover in the shell), and the guest landing's for every other path.
 */
export type ShellPage = 'landing' | 'lesson'

/** The static shell's page at `path`: the server and the SPA read a path by the same rule. */
export const shellPageAt = (path: string): ShellPage =>
  lessonPageId(path) === null ? 'landing' : 'lesson'

/**
 * The shell React shows while the app starts: the static one, with its status announced. A lesson
 * page's shape only where the server sent one, with its cover: without a cover it sent the
 * landing's shape, which React then keeps.
 */
export function StartupSkeleton() {
  const page = getShellCover() ? shellPageAt(window.location.pathname) : 'landing'
  return <StaticShell status={<LoadingStatus />} page={page} />
}

/** The landing's content alone (title, fields, cards) while its chunk loads inside the shell. */
export function LandingSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingStatus />
      <LandingContentSkeleton cover={getShellCover()} />
    </div>
  )
}

/** The one text of the skeletons: "Loading…" for screen readers. */
export function LoadingStatus() {
  const { t } = useTranslation()
  return (
    <p role="status" className="sr-only">
      {t('common.loading')}
    </p>
  )
}

/**
 * The page before its JavaScript has run: the build renders this very component into index.html's
 * #root (startup-skeleton-html.tsx, used by vite.config.ts), so the first paint needs no script,
 * and React shows it again while the app starts (the router loading its first route, the current
 * user, the lazy layout). It has the geometry of SidebarShell with, for `page`, the guest
 * landing's content (GuestHome's title, filters and CatalogueSkeleton) or a lesson page's
 * (LessonPageShapes): what replaces it lands where it stood. Its one text is the `status` for
 * screen readers: the build renders a page per language with it (the server sends the one the
 * visitor's language cookie names), as StartupSkeleton does. The server sends the landing to a
 * guest with the first lesson's cover in the first card, and a lesson's page with its cover (the
 * page's largest paint, before any script): the build renders those variants too, with a
 * placeholder for the cover's URL. React's copy keeps showing the cover the page came with
 * (`cover`, by default the one read from the static shell); `null` draws the empty frame.
 */
export function StaticShell({
  status,
  page,
  cover = getShellCover(),
}: {
  status?: ReactNode
  page: ShellPage
  cover?: string | null | undefined
}) {
  return (
    <div aria-busy="true" className="min-h-screen bg-slate-50 md:flex">
      {status}
      <div className="md:w-60 md:shrink-0">
        <div className="flex items-center justify-between border-b border-slate-200 bg-white p-4 md:hidden">
          <SkeletonLine className="h-7 w-24" />
          <SkeletonLine className="h-[30px] w-16" />
        </div>
        <div className="hidden flex-col gap-4 border-r border-slate-200 bg-white p-4 md:sticky md:top-0 md:flex md:h-screen">
          <SkeletonLine className="h-7 w-24" />
          <SkeletonLine className="h-9 w-full" />
          <SkeletonLine className="h-9 w-full" />
        </div>
      </div>
      <div className="min-w-0 flex-1">
        {page === 'lesson' ? (
          <LessonPageShapes cover={cover ?? undefined} />
        ) : (
          <LandingContentSkeleton cover={cover ?? undefined} />
        )}
      </div>
    </div>
  )
}

/** GuestHome's title and filters, and the catalogue's cards, the first with `cover` when known. */
function LandingContentSkeleton({ cover }: { cover: string | undefined }) {
  return (
    <div aria-hidden="true" className="p-4 motion-safe:animate-pulse sm:p-6">
      <SkeletonLine className="mb-4 h-8 w-64 max-w-full" />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-col gap-1 sm:max-w-md sm:flex-1">
          <SkeletonLine className="h-5 w-24" />
          <SkeletonLine className="h-[38px] w-full" />
        </div>
        <div className="flex min-w-0 flex-col gap-1 sm:w-56">
          <SkeletonLine className="h-5 w-24" />
          <SkeletonLine className="h-[38px] w-full" />
        </div>
      </div>
      <SkeletonCards
        gridClass={CATALOGUE_GRID_CLASS}
        count={6}
        cover
        firstCoverSrc={cover}
        lines={3}
        cardWidthClass={CATALOGUE_CARD_WIDTH_CLASS}
      />
    </div>
  )
}
