import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { useDebouncedResize } from '@/shared/lib/use-debounced-resize'
import { useOutsideClick } from '@/shared/lib/use-outside-click'

/** From this width the navigation sits beside the page (Tailwind's `md`, as SidebarShell uses). */
export const WIDE_LAYOUT_QUERY = '(min-width: 48rem)'

/**
 * A small-screen drawer: toggled by its button, closed by an outside click, Escape or navigation.
 * When the window grows into the wide layout (once resizing settles, §9's 750 ms), an open drawer
 * closes: the sidebar shows instead, and narrowing the window again does not bring back a drawer
 * nobody remembers opening.
 */
export const useDrawer = () => {
  const { pathname } = useLocation()
  // Remembering where it was opened closes it on navigation without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const open = openedAt === pathname
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpenedAt(null), [])
  useOutsideClick(ref, close, open)
  useDebouncedResize(() => {
    if (window.matchMedia?.(WIDE_LAYOUT_QUERY).matches) close()
  }, open)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, close])
  return { open, ref, toggle: () => setOpenedAt(open ? null : pathname), close }
}
