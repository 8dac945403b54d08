import { codeOf, problemText } from './errors'

/**
 * A success body's message (`{ message, code?, params? }`), in the UI's language. A module of its
 * own: only the screens that show one load it, not the landing.
 */
export const answerText = (answer: {
  message: string
  code?: string | undefined
  params?: Readonly<Record<string, string | number>> | undefined
}) => problemText({ text: answer.message, ...codeOf(answer) })
