import { type ReactNode, useId, useRef } from 'react'
import { createPortal } from 'react-dom'

type DialogProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** Tailwind max-width class; dialogs are at most 450 px wide by default (§9). */
  widthClass?: string
}

/**
 * Ref callback: opens the mounted `<dialog>` as a modal and closes it again as it unmounts
 * (React runs ref cleanups before the element leaves the document, while `close()` still works).
 * `showModal()` makes the rest of the page inert, so focus stays inside, and moves focus in.
 * Browsers give focus back to the opener on `close()` themselves; doing it here too keeps that
 * true where they do not (older engines, jsdom in the tests).
 */
function showAsModal(dialog: HTMLDialogElement) {
  const opener = document.activeElement
  dialog.showModal()
  return () => {
    dialog.close()
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
  }
}

/**
 * A modal dialog on the native `<dialog>`: focus moves into it and stays there, Escape or a click
 * on the backdrop asks the parent to close it (the parent owns `open`), and focus returns to
 * where it was.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  widthClass = 'max-w-dialog',
}: DialogProps) {
  const titleId = useId()
  // A click whose press began inside the panel (selecting text, say) ends on the dialog element
  // when released over the backdrop; only a press and release both on the backdrop close it.
  const pressedOnBackdrop = useRef(false)

  if (!open) return null
  return createPortal(
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the mouse handlers only catch clicks on the ::backdrop; Escape (the cancel event) is the keyboard's way out
    <dialog
      ref={showAsModal}
      aria-labelledby={titleId}
      // The browser would close the dialog on Escape by itself; the parent decides instead.
      onCancel={(event) => {
        event.preventDefault()
        // A cancel the browser does not let us prevent (Escape again without a user activation
        // in between) closes the dialog anyway; the close event below reports that one.
        if (event.cancelable) onClose()
      }}
      // Our own close() happens as the element unmounts, so a close event while it is still in
      // the document is the browser's, unless the dialog is open again by the time it arrives
      // (StrictMode detaches and reattaches refs in development: close, then showModal).
      onClose={(event) => {
        if (event.currentTarget.isConnected && !event.currentTarget.open) onClose()
      }}
      // The panel's content fills the whole <dialog>, so a click on the element itself is a
      // click on its ::backdrop.
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose()
      }}
      // Preflight resets margins to 0, which would undo the native centring (margin: auto).
      className={`m-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto rounded-xl bg-white text-inherit shadow-xl backdrop:bg-slate-900/50 ${widthClass}`}
    >
      <div className="p-6">
        <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </dialog>,
    document.body,
  )
}
