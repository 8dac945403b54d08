import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import History from '@/app/routes/history'
import { MaterialsEditor } from '@/features/materials/components/materials-editor'
import { db, DEMO_PASSWORD, seedIds } from '@/mocks/db'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'
import { sendUploadsThroughNode } from '@tests/node-uploads'

/**
 * Issue 27 item 3: a submit that fails validation must not look dead. On every form of the
 * product, focus goes to the first invalid field in reading order (which scrolls it into view in a
 * browser), and that field's error is written beside it and tied to it (aria-describedby).
 */

sendUploadsThroughNode()
afterEach(() => {
  server.events.removeAllListeners()
})

type FormCase = {
  /** The form, and what was wrong with it. */
  name: string
  /** Shows the form and leaves it invalid. */
  open: (user: UserEvent) => Promise<void>
  /** Submits it the way a user does (the submit button takes focus as it is clicked). */
  submit: (user: UserEvent) => Promise<void>
  /** The field that must have focus afterwards. */
  field: () => HTMLElement
  /** Its error, as it is read with it. */
  error: string
}

const click = (name: string, scope: () => HTMLElement = () => document.body) => {
  return (user: UserEvent) => user.click(within(scope()).getByRole('button', { name }))
}
const dialog = (name: string) => () => screen.getByRole('dialog', { name })
const retype = async (user: UserEvent, element: HTMLElement, text: string) => {
  await user.clear(element)
  if (text) await user.type(element, text)
}

const lesson = () => db.lessons.find((row) => row.id === seedIds.paidLesson)!
const openLessonForm = async (id?: number) => {
  await renderApp(undefined, {
    url: id === undefined ? paths.lesson.create.href() : paths.lesson.edit.href(id),
    user: 'educator',
  })
  await screen.findByRole('heading', {
    level: 1,
    name: id === undefined ? 'New lesson' : 'Update lesson',
  })
}
const cover = () => screen.getByLabelText(/Cover image/)
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'cover.png', {
    type: 'image/png',
  })

const openMaterials = async () => {
  await renderApp(<MaterialsEditor lessonId={seedIds.paidLesson} />, { user: 'educator' })
  await screen.findByRole('region', { name: 'Materials' })
}

const cases: FormCase[] = [
  {
    name: 'login: nothing typed',
    open: async () => {
      await renderApp(undefined, { url: paths.auth.login.href() })
    },
    submit: click('Log in'),
    field: () => screen.getByLabelText('Email'),
    error: 'Required',
  },
  {
    name: 'login: the password missing',
    open: async (user) => {
      await renderApp(undefined, { url: paths.auth.login.href() })
      await user.type(screen.getByLabelText('Email'), 'someone@example.com')
    },
    submit: click('Log in'),
    field: () => screen.getByLabelText('Password'),
    error: 'Required',
  },
  {
    name: 'registration: nothing typed',
    open: async () => {
      await renderApp(undefined, { url: paths.auth.register.href() })
    },
    submit: click('Sign up'),
    field: () => screen.getByLabelText('Full name'),
    error: 'Required',
  },
  {
    name: 'registration: only the terms left',
    open: async (user) => {
      await renderApp(undefined, { url: paths.auth.register.href() })
      await user.type(screen.getByLabelText('Full name'), 'Aiko Tanaka')
      await user.type(screen.getByLabelText('Email'), 'aiko@example.com')
      await user.type(screen.getByLabelText('Password'), 'Secret1')
      await user.type(screen.getByLabelText('Confirm password'), 'Secret1')
    },
    submit: click('Sign up'),
    field: () => screen.getByRole('checkbox'),
    error: 'Please accept the terms and conditions',
  },
  {
    name: 'forgot password: nothing typed',
    open: async () => {
      await renderApp(undefined, { url: paths.auth.forgotPassword.href() })
    },
    submit: click('Reset password'),
    field: () => screen.getByLabelText('Email'),
    error: 'Required',
  },
  {
    name: 'reset password: nothing typed',
    open: async () => {
      await renderApp(undefined, { url: `${paths.auth.resetPassword.href()}?token=abc` })
    },
    submit: click('Save new password'),
    field: () => screen.getByLabelText('New password'),
    error: 'Required',
  },
  {
    name: 'resend confirmation: not an address',
    open: async (user) => {
      await renderApp(undefined, { url: '/auth/confirmation?token=expired' })
      await user.type(await screen.findByLabelText('Email'), 'nope')
    },
    submit: click('Send the e-mail again'),
    field: () => screen.getByLabelText('Email'),
    error: 'Please enter a valid email address',
  },
  {
    name: 'settings: the name and the email cleared',
    open: async (user) => {
      await renderApp(undefined, { url: '/settings', user: 'student' })
      await retype(user, await screen.findByLabelText('Full name'), '')
      await retype(user, screen.getByLabelText('Email'), 'nope')
    },
    submit: click('Update'),
    field: () => screen.getByLabelText('Full name'),
    error: 'Required',
  },
  {
    name: 'change password: nothing typed',
    open: async (user) => {
      await renderApp(undefined, { url: '/settings', user: 'student' })
      await user.click(await screen.findByRole('button', { name: 'Change password' }))
    },
    submit: click('Confirm', dialog('Change password')),
    field: () => within(dialog('Change password')()).getByLabelText('Current password'),
    error: 'Required',
  },
  {
    name: 'new lesson: nothing chosen (the cover comes first)',
    open: () => openLessonForm(),
    submit: click('Continue'),
    field: cover,
    error: 'Please upload an image',
  },
  {
    name: 'new lesson: the maximum seats below the minimum',
    open: async (user) => {
      await openLessonForm()
      await user.upload(cover(), png())
      await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Ukulele')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Music')
      await retype(user, screen.getByRole('spinbutton', { name: 'Minimum seats' }), '5')
      await retype(user, screen.getByRole('spinbutton', { name: 'Maximum seats' }), '2')
    },
    submit: click('Continue'),
    field: () => screen.getByRole('spinbutton', { name: 'Maximum seats' }),
    error: 'The maximum seats must be at least the minimum seats',
  },
  {
    name: 'new lesson: the minimum seats cleared',
    open: async (user) => {
      await openLessonForm()
      await user.upload(cover(), png())
      await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Ukulele')
      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Music')
      await retype(user, screen.getByRole('spinbutton', { name: 'Minimum seats' }), '')
    },
    submit: click('Continue'),
    field: () => screen.getByRole('spinbutton', { name: 'Minimum seats' }),
    error: 'Required',
  },
  {
    name: 'lesson edit: the cover removed',
    open: async (user) => {
      await openLessonForm(lesson().id)
      await user.click(screen.getByRole('button', { name: 'Remove image' }))
    },
    submit: click('Update'),
    field: cover,
    error: 'Please upload an image',
  },
  {
    name: 'lesson edit: the price and the details wrong',
    open: async (user) => {
      await openLessonForm(lesson().id)
      await retype(user, screen.getByRole('textbox', { name: 'Price per hour (USD)' }), 'abc')
      await retype(user, screen.getByRole('textbox', { name: 'Details' }), '')
    },
    submit: click('Update'),
    field: () => screen.getByRole('textbox', { name: 'Price per hour (USD)' }),
    error: 'The price must be a number',
  },
  {
    name: 'add session: nothing typed',
    open: async (user) => {
      await renderApp(undefined, { url: paths.lesson.detail.href(lesson().id), user: 'educator' })
      const sessions = await screen.findByRole('region', { name: 'Sessions' })
      await user.click(within(sessions).getByRole('button', { name: 'Add session' }))
    },
    submit: click('Add session', dialog('Add session')),
    // The date's first select in reading order: its day, in English.
    field: () =>
      within(within(dialog('Add session')()).getByRole('group', { name: 'Date' })).getByRole(
        'combobox',
        { name: 'Day' },
      ),
    error: 'Date is required',
  },
  {
    name: 'add a link: nothing typed',
    open: openMaterials,
    submit: click('Add link'),
    field: () => screen.getByLabelText('Link title'),
    error: 'Required',
  },
  {
    name: 'edit a link: the url made unsafe',
    open: async (user) => {
      await openMaterials()
      await user.click(screen.getByRole('button', { name: 'Edit the link NHK News Web Easy' }))
      const form = dialog('Edit the link “NHK News Web Easy”')()
      await retype(user, within(form).getByLabelText('Link URL'), 'javascript:alert(1)')
    },
    submit: click('Save', dialog('Edit the link “NHK News Web Easy”')),
    field: () => within(dialog('Edit the link “NHK News Web Easy”')()).getByLabelText('Link URL'),
    error: 'Enter a web address starting with http:// or https://',
  },
  {
    name: 'rename a file material: only spaces',
    open: async (user) => {
      await openMaterials()
      await user.click(screen.getByRole('button', { name: 'Rename Hiragana chart' }))
      await retype(user, screen.getByLabelText('Material title'), '   ')
    },
    submit: click('Save', () => screen.getByRole('form', { name: 'New title for Hiragana chart' })),
    field: () => screen.getByLabelText('Material title'),
    error: 'File name cannot be empty',
  },
  {
    name: 'upload a file: none chosen',
    open: openMaterials,
    submit: click('Upload'),
    field: () => screen.getByLabelText('Choose a file'),
    error: 'No file selected',
  },
  {
    name: 'review: nothing written',
    open: async (user) => {
      await renderApp(<History />, { user: 'student', url: '/history' })
      await user.click(await screen.findByRole('button', { name: /^Write a review of / }))
    },
    submit: click('Submit review', () => screen.getByRole('dialog')),
    field: () => within(screen.getByRole('dialog')).getByLabelText('Your review'),
    error: 'Please enter a review and rate the lesson',
  },
  {
    name: 'review: written but not rated',
    open: async (user) => {
      await renderApp(<History />, { user: 'student', url: '/history' })
      await user.click(await screen.findByRole('button', { name: /^Write a review of / }))
      await user.type(within(screen.getByRole('dialog')).getByLabelText('Your review'), 'Great')
    },
    submit: click('Submit review', () => screen.getByRole('dialog')),
    field: () => within(screen.getByRole('dialog')).getByRole('radio', { name: '1 star' }),
    error: 'Please enter a review and rate the lesson',
  },
  {
    name: 'admin, add a licence: no account',
    open: async () => {
      await renderApp(undefined, { url: paths.admin.licences.href(), user: 'admin' })
      await screen.findByRole('heading', { name: 'Add a licence' })
    },
    submit: click('Add licence'),
    field: () => screen.getByLabelText('Account e-mail'),
    error: 'Required',
  },
]

/** Submits the server refuses because of one field: the field takes focus with its error. */
const refusedCases: FormCase[] = [
  {
    name: 'registration: the email already registered',
    open: async (user) => {
      await renderApp(undefined, { url: paths.auth.register.href() })
      await user.type(screen.getByLabelText('Full name'), 'Yuki again')
      await user.type(screen.getByLabelText('Email'), 'yuki@manabi.example')
      await user.type(screen.getByLabelText('Password'), 'Secret1')
      await user.type(screen.getByLabelText('Confirm password'), 'Secret1')
      await user.click(screen.getByRole('checkbox'))
    },
    submit: click('Sign up'),
    field: () => screen.getByLabelText('Email'),
    error: 'Email already exists',
  },
  {
    name: 'settings: an email another account has',
    open: async (user) => {
      await renderApp(undefined, { url: '/settings', user: 'student' })
      await retype(user, await screen.findByLabelText('Email'), 'emily@manabi.example')
      await user.type(screen.getByLabelText('Current password'), DEMO_PASSWORD)
    },
    submit: click('Update'),
    field: () => screen.getByLabelText('Email'),
    error: 'Email already exists',
  },
  {
    name: 'change password: a wrong current password',
    open: async (user) => {
      await renderApp(undefined, { url: '/settings', user: 'student' })
      await user.click(await screen.findByRole('button', { name: 'Change password' }))
      const form = dialog('Change password')()
      await user.type(within(form).getByLabelText('Current password'), 'Wrong1x')
      await user.type(within(form).getByLabelText('New password'), 'Secret1')
      await user.type(within(form).getByLabelText('Confirm password'), 'Secret1')
    },
    submit: click('Confirm', dialog('Change password')),
    field: () => within(dialog('Change password')()).getByLabelText('Current password'),
    error: 'The current password is incorrect',
  },
  {
    name: 'admin, add a licence: an account already in the pool',
    open: async (user) => {
      await renderApp(undefined, { url: paths.admin.licences.href(), user: 'admin' })
      await user.type(await screen.findByLabelText('Account e-mail'), 'ZOOM-1@manabi.example')
    },
    submit: click('Add licence'),
    field: () => screen.getByLabelText('Account e-mail'),
    error: i18n.t('api.licences.duplicateAccount'),
  },
]

/** The error texts an element is described by, through aria-describedby (its own or its group's). */
const describedErrors = (element: HTMLElement) => {
  const described = [element, element.closest('fieldset')].flatMap((node) =>
    (node?.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean),
  )
  return described.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('a submit that fails validation (issue 27, item 3)', () => {
  it.each(cases)(
    '$name: focuses the first invalid field, its error beside it',
    async ({ open, submit, field, error }) => {
      const user = userEvent.setup({ applyAccept: false })
      await open(user)
      await submit(user)
      await waitFor(() => expect(document.activeElement).toBe(field()))
      // The field is the first invalid one in reading order (a group counts as its fields).
      const invalid = [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')]
      expect(invalid.length).toBeGreaterThan(0)
      expect(invalid[0]!.contains(field())).toBe(true)
      // Its error is written beside it and read with it.
      expect(describedErrors(field())).toContain(error)
    },
  )

  it.each(refusedCases)(
    '$name: focuses the field the server refused, its error beside it',
    async ({ open, submit, field, error }) => {
      const user = userEvent.setup()
      await open(user)
      await submit(user)
      await waitFor(() => expect(field()).toHaveAttribute('aria-invalid', 'true'))
      await waitFor(() => expect(document.activeElement).toBe(field()))
      expect(describedErrors(field())).toContain(error)
    },
  )
})
