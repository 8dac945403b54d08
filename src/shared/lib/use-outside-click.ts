import { type RefObject, useEffect } from 'react'

/** Calls `onOutside` for a pointer press outside `ref` while `active` (drawers, menus). */
export const useOutsideClick = (
  ref: RefObject<HTMLElement | null>,
  onOutside: () => void,
  active: boolean,
) => {
  useEffect(() => {
    if (!active) return
    const handle = (event: PointerEvent | MouseEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) {
        onOutside()
      }
    }
    document.addEventListener('mousedown', handle)
    return () => document.removeEventListener('mousedown', handle)
  }, [ref, onOutside, active])
}
