/** Query keys of the materials feature. */
export const materialKeys = {
  all: ['materials'] as const,
  list: (lessonId: number) => [...materialKeys.all, 'list', lessonId] as const,
}
