import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog } from '@/shared/ui/dialog'

/** A parent that owns `open`, as every user of Dialog does; `closable: false` ignores onClose. */
function Harness({
  onClose = () => {},
  closable = true,
  widthClass,
}: {
  onClose?: () => void
  closable?: boolean
  widthClass?: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit name
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose()
          if (closable) setOpen(false)
        }}
        title="Your name"
        widthClass={widthClass}
      >
        <p>Shown on your profile.</p>
        <input aria-label="Name" />
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  )
}

const openDialog = async (props: Parameters<typeof Harness>[0] = {}) => {
  render(<Harness {...props} />)
  const opener = screen.getByRole('button', { name: 'Edit name' })
  await userEvent.click(opener)
  return { opener, dialog: screen.getByRole('dialog', { name: 'Your name' }) }
}

describe('Dialog (§9)', () => {
  it('renders nothing while closed', () => {
    render(<Harness />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens as a modal <dialog> named by its title, with the focus inside, 450 px at most', async () => {
    const { dialog } = await openDialog()
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog).toHaveAttribute('open')
    expect(dialog).toHaveClass('max-w-dialog')
    expect(within(dialog).getByRole('heading', { name: 'Your name' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Name')).toHaveFocus()
  })

  it('stays open under StrictMode, whose extra ref detach and attach close and reopen it', async () => {
    vi.useFakeTimers()
    try {
      const onClose = vi.fn()
      render(
        <StrictMode>
          <Harness onClose={onClose} />
        </StrictMode>,
      )
      fireEvent.click(screen.getByRole('button', { name: 'Edit name' }))
      // The close event of the simulated detach is queued as a task, and arrives when the dialog
      // is open again: every queued task runs.
      await act(() => vi.runAllTimersAsync())
      expect(screen.getByRole('dialog', { name: 'Your name' })).toBeInTheDocument()
      expect(onClose).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes another width class', async () => {
    const { dialog } = await openDialog({ widthClass: 'max-w-2xl' })
    expect(dialog).toHaveClass('max-w-2xl')
    expect(dialog).not.toHaveClass('max-w-dialog')
  })

  it('gives the focus back to the opener when it closes', async () => {
    const { opener, dialog } = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('asks the parent to close on Escape, and the parent closes it', async () => {
    const onClose = vi.fn()
    const { opener } = await openDialog({ onClose })
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('stays open on Escape while the parent keeps it open', async () => {
    const onClose = vi.fn()
    const { dialog } = await openDialog({ onClose, closable: false })
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(dialog).toHaveAttribute('open')
    expect(dialog).toBeVisible()
  })

  it('asks the parent to close on a click on the backdrop, not on one inside', async () => {
    const onClose = vi.fn()
    const { dialog } = await openDialog({ onClose, closable: false })
    await userEvent.click(within(dialog).getByRole('heading', { name: 'Your name' }))
    await userEvent.click(within(dialog).getByText('Shown on your profile.'))
    // The panel's padding belongs to its content box, not to the <dialog> itself.
    await userEvent.click(dialog.firstElementChild as HTMLElement)
    expect(onClose).not.toHaveBeenCalled()
    // A click on the ::backdrop is a click on the <dialog> element itself.
    await userEvent.click(dialog)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('stays open when a press inside the panel is released over the backdrop', async () => {
    const onClose = vi.fn()
    const { dialog } = await openDialog({ onClose })
    fireEvent.mouseDown(within(dialog).getByText('Shown on your profile.'))
    fireEvent.mouseUp(dialog)
    fireEvent.click(dialog)
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('reports a close the browser would not let it prevent', async () => {
    const onClose = vi.fn()
    const { dialog } = await openDialog({ onClose })
    // What a browser does on a second Escape without a user activation in between.
    const cancel = new Event('cancel', { cancelable: false })
    dialog.dispatchEvent(cancel)
    expect(onClose).not.toHaveBeenCalled()
    ;(dialog as HTMLDialogElement).close()
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
