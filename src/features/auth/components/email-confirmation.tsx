import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'react-toastify'
import { toApiError } from '@/shared/api/errors'
import { paths } from '@/shared/config/paths'
import { useConfirmEmail } from '../api/confirm-email'
import { ResendConfirmationForm } from './resend-confirmation-form'

/** §9: the confirmation screen's redirects to the login page. */
export const CONFIRMED_REDIRECT_MS = 2000
export const FAILED_REDIRECT_MS = 5000

type Outcome = 'confirming' | 'confirmed' | 'failed'

/**
 * §2 e-mail confirmation (/auth/confirmation?token=…): sends the token once, says it is
 * confirming, then either confirms and goes to the login page after 2 s, or says it failed (with
 * an error toast), offers to send the e-mail again and goes to the login page after 5 s. Typing an
 * address to resend cancels that redirect. The same link confirms a new address asked for in the
 * settings; when another account took that address meanwhile (409), the failure says so.
 */
export function EmailConfirmation() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const { mutate, isSuccess, isError, error } = useConfirmEmail()
  const sent = useRef(false)
  const toasted = useRef(false)
  const [stayOnPage, setStayOnPage] = useState(false)

  // The token is single use: StrictMode's second effect run must not send it again.
  useEffect(() => {
    if (sent.current || !token) return
    sent.current = true
    mutate({ validationToken: token })
  }, [token, mutate])

  const outcome: Outcome = !token || isError ? 'failed' : isSuccess ? 'confirmed' : 'confirming'
  const failure =
    error && toApiError(error).status === 409
      ? t('auth.confirmation.emailTaken')
      : t('auth.confirmation.failed')

  useEffect(() => {
    if (outcome !== 'failed' || toasted.current) return
    toasted.current = true
    toast.error(failure)
  }, [outcome, failure])

  useEffect(() => {
    if (outcome === 'confirming' || (outcome === 'failed' && stayOnPage)) return
    const timer = setTimeout(
      () => void navigate(paths.auth.login.href(), { replace: true }),
      outcome === 'confirmed' ? CONFIRMED_REDIRECT_MS : FAILED_REDIRECT_MS,
    )
    return () => clearTimeout(timer)
  }, [outcome, stayOnPage, navigate])

  return (
    <section className="flex flex-col gap-4 p-6 sm:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">{t('auth.confirmation.title')}</h1>
      {outcome === 'confirming' && (
        <p role="status" className="text-slate-700">
          {t('auth.confirmation.confirming')}
        </p>
      )}
      {outcome === 'confirmed' && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-800">
          {t('auth.confirmation.confirmed')}
        </p>
      )}
      {outcome === 'failed' && (
        <>
          <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            <p className="font-medium">{t('auth.confirmation.notConfirmed')}</p>
            <p className="mt-1 text-sm">{failure}</p>
          </div>
          <p className="text-sm text-slate-600">
            {stayOnPage
              ? t('auth.confirmation.redirectCancelled')
              : t('auth.confirmation.redirecting')}{' '}
            <Link
              to={paths.auth.login.href()}
              replace
              className="font-medium text-brand-700 underline"
            >
              {t('auth.confirmation.goToLogin')}
            </Link>
          </p>
          <ResendConfirmationForm onEdit={() => setStayOnPage(true)} />
        </>
      )}
    </section>
  )
}
