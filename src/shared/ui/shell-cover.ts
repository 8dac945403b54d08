/**
 * The first cover, when the server put it in the static shell of index.html
 * (server/src/plugins/spa.ts): the guest landing's first card or a lesson page's cover, the page's
 * largest paint, shown before any script runs. React's skeletons of that page show it too, so it
 * stays on screen while the app starts instead of going grey until the data arrives. It belongs
 * to the page it came with: on any other path there is none, and the page forgets it once its
 * content has arrived (the landing's cards, the lesson): a later skeleton of the page stands for
 * content that may have changed since.
 */
let shellCover: { src: string; path: string } | undefined

/** Reads the cover from the static shell, before React replaces it. */
export const keepShellCover = (root: ParentNode) => {
  const src = root.querySelector('img[data-shell-cover]')?.getAttribute('src')
  shellCover = src ? { src, path: window.location.pathname } : undefined
}

export const getShellCover = () =>
  shellCover?.path === window.location.pathname ? shellCover.src : undefined

export const forgetShellCover = () => {
  shellCover = undefined
}
