import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '@/shared/ui/button'

describe('a pending button', () => {
  it('keeps keyboard focus and says it is busy, but refuses clicks', async () => {
    const onClick = vi.fn()
    const { rerender } = render(<Button onClick={onClick}>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    button.focus()
    rerender(
      <Button onClick={onClick} pending>
        Save
      </Button>,
    )
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveAttribute('aria-busy', 'true')
    await userEvent.click(button)
    await userEvent.keyboard('{Enter}')
    expect(onClick).not.toHaveBeenCalled()

    rerender(<Button onClick={onClick}>Save</Button>)
    expect(button).not.toHaveAttribute('aria-disabled')
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it("does not submit its form again from a field's Enter", async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault())
    render(
      <form onSubmit={onSubmit} noValidate>
        <label>
          Name
          <input name="name" />
        </label>
        <Button type="submit" pending>
          Send
        </Button>
      </form>,
    )
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana{Enter}')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
