import { ShellCover, SkeletonLine } from '@/shared/ui/skeleton'

/** A lesson page's cover (LessonOverview's), and its frame while it loads. */
export const LESSON_PAGE_COVER_CLASS =
  'order-first aspect-video w-full rounded-xl bg-brand-50 object-cover lg:order-none'

/**
 * A lesson page's shapes while it loads (no status of its own: its caller has it): back link,
 * title, tags, text and cover beside the booking panel, laid out as the page is. `cover`, when
 * known (the static shell's, src/shared/ui/shell-cover.ts), is shown in the cover's place: the page's largest
 * paint, the same image at the same size as the page's own.
 */
export function LessonPageShapes({ cover }: { cover?: string | undefined }) {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-7xl min-w-0 p-4 sm:p-6 xl:p-8">
      <div className="grid gap-8 motion-safe:animate-pulse lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-6">
          <SkeletonLine className="h-5 w-24" />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
            <div className="flex flex-col gap-4">
              <SkeletonLine className="h-8 w-3/4" />
              <SkeletonLine className="h-7 w-40" />
              <SkeletonLine className="h-4 w-full" />
              <SkeletonLine className="h-4 w-5/6" />
              <SkeletonLine className="h-4 w-2/3" />
            </div>
            <ShellCover src={cover} className={LESSON_PAGE_COVER_CLASS} />
          </div>
        </div>
        <div className="flex h-56 flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <SkeletonLine className="h-5 w-1/2" />
          <SkeletonLine className="h-7 w-1/3" />
          <SkeletonLine className="h-4 w-2/3" />
          <SkeletonLine className="mt-auto h-10 w-28" />
        </div>
      </div>
    </div>
  )
}
