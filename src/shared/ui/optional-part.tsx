import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = {
  children: ReactNode
  /** Shown instead when the part fails (its chunk did not load, the browser cannot draw it). */
  fallback: ReactNode
}
type State = { failed: boolean }

/**
 * A part of a screen the screen works without (a chart beside its table): if it throws, only it
 * gives way to the fallback, instead of the whole route to the error page.
 */
export class OptionalPart extends Component<Props, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('An optional part failed', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
