import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { useOutsideClick } from '@/shared/lib/use-outside-click'

/** A small-screen drawer: toggled by its button, closed by an outside click, Escape or navigation. */
export const useDrawer = () => {
  const { pathname } = useLocation()
  // Remembering where it was opened closes it on navigation without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const open = openedAt === pathname
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpenedAt(null), [])
  useOutsideClick(ref, close, open)
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
