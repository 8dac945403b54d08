/** A translation file as nested keys. */
export type Tree = { [key: string]: string | Tree }

/** Every text of a translation tree by its dotted key ('auth.login.title'). */
export const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  )
