import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom'
import { ApiError, apiMessages } from '@/shared/api/errors'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'

const describe = (error: unknown): { status: number | null; detail: string } => {
  if (isRouteErrorResponse(error)) return { status: error.status, detail: error.statusText }
  if (error instanceof Response) return { status: error.status, detail: error.statusText }
  if (error instanceof ApiError)
    return { status: error.status, detail: apiMessages(error)[0] ?? '' }
  if (error instanceof Error) {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : null
    return { status, detail: error.message }
  }
  return { status: null, detail: '' }
}

/**
 * The catch-all error page (§2): 404 shows the not-found title and description; any other error
 * the global "Oops! Something went wrong" with its status text or message. Both link home.
 */
export function ErrorView({
  error,
  landmark = 'main',
  description,
}: {
  error: unknown
  landmark?: 'main' | 'section'
  /** Says more precisely than the standard text why there is nothing to show. */
  description?: string | undefined
}) {
  const Wrapper = landmark
  const { t } = useTranslation()
  const { status, detail } = describe(error)
  const notFound = status === 404
  return (
    <Wrapper className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-3xl font-bold text-slate-900">
        {notFound ? t('errors.notFound.title') : t('errors.global.title')}
      </h1>
      <p className="text-slate-600">
        {description ??
          (notFound ? t('errors.notFound.description') : t('errors.global.description'))}
      </p>
      {!notFound && detail && (
        <p className="rounded bg-slate-100 px-3 py-1 font-mono text-sm text-slate-700">{detail}</p>
      )}
      <Link to={paths.home.href()} className={buttonClass('primary', 'mt-4')}>
        {t('common.goHome')}
      </Link>
    </Wrapper>
  )
}

/** An error element replaces its route's layout, so it brings its own main landmark. */
export function RouteErrorPage() {
  return <ErrorView error={useRouteError()} />
}

/**
 * Rendered inside a shell, whose main landmark already surrounds it. `description` says why the
 * address names nothing when that is known: an id in it that is missing or not valid (§2, §8).
 */
export function NotFoundPage({ description }: { description?: string } = {}) {
  return (
    <ErrorView
      landmark="section"
      error={{ status: 404, statusText: 'Not Found', internal: false, data: null }}
      description={description}
    />
  )
}
