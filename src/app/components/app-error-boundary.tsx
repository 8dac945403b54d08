import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Trans } from 'react-i18next'

type State = { error: Error | null }

/**
 * The last line of defence: anything thrown outside the router's own error elements (providers,
 * i18n) still ends on the global error screen, never a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error', error, info.componentStack)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <main
        role="alert"
        className="flex min-h-screen flex-col items-center justify-center gap-3 p-6"
      >
        <h1 className="text-3xl font-bold">
          <Trans i18nKey="errors.global.title">Oops! Something went wrong</Trans>
        </h1>
        <p className="font-mono text-sm">{this.state.error.message}</p>
        <a href="/" className="text-brand-700 underline">
          <Trans i18nKey="common.goHome">Go home</Trans>
        </a>
      </main>
    )
  }
}
