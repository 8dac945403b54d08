import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'

/** How long a screen that loads its code or data has to show its main heading. */
const HEADING_WAIT_MS = 5000

/**
 * After an in-app move to another path, focus goes to the new screen's main heading: the link
 * that was followed is usually gone, and a keyboard or screen-reader user should start on the new
 * content, not at the top of the document. The first load is left alone, and so is a screen that
 * has already put focus inside its content.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const previous = useRef(pathname)

  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname

    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1')
      if (!heading) return false
      const active = document.activeElement
      if (active && active !== document.body && heading.closest('main')?.contains(active)) {
        return true
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
      return true
    }
    if (focusHeading()) return

    // The heading comes with the screen's code or data: wait for it, within reason.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop()
    })
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS)
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
    }
    observer.observe(document.body, { childList: true, subtree: true })
    return stop
  }, [pathname])

  return null
}
