import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'

const root = document.getElementById('root')

/**
 * In `npm run dev:mock` the MSW catalogue answers every API call inside the browser. The check is
 * on the raw build-time variable so production bundles leave the catalogue out entirely.
 */
const startMocks = async () => {
  if (import.meta.env.VITE_ENABLE_MOCKS !== 'true') return
  const { worker } = await import('./mocks/browser')
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true })
}

const start = async () => {
  if (!root) throw new Error('The #root element is missing from index.html')
  // Imported here so a configuration error is shown on the page rather than as a blank screen.
  await import('@/shared/config/env')
  await startMocks()
  const { currentLanguage, initI18n } = await import('@/shared/i18n/i18n')
  await initI18n()
  const [{ App }, { keepShellCover }] = await Promise.all([
    import('./app/app'),
    import('@/shared/ui/shell-cover'),
  ])
  // Before React replaces the static shell: its skeletons keep showing the shell's cover.
  keepShellCover(root)
  const reactRoot = createRoot(root)
  // A transition: React renders the first screen in slices, yielding to the browser between
  // them, instead of in one long task while the static shell is already on screen.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
  const { prepareDateFormatting } = await import('@/shared/i18n/format')
  prepareDateFormatting(currentLanguage())
}

start().catch((error: unknown) => {
  console.error(error)
  if (!root) return
  // i18n may be what failed, so this one message is written in both languages.
  root.innerHTML =
    '<main role="alert" style="padding:2rem;font-family:system-ui,sans-serif">' +
    '<h1>Oops! Something went wrong / 問題が発生しました</h1><p></p></main>'
  const detail = root.querySelector('p')
  if (detail) detail.textContent = error instanceof Error ? error.message : String(error)
})
