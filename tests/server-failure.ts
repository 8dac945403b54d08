/**
 * A message shown for a failure on the server's side: the text, then the request's id the user
 * quotes to support (the mocks give every error answer one, as the server does).
 */
export const withReference = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(reference: [0-9a-f-]{36}\\)$`)
