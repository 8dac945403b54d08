/**
 * The guest landing's first cover, when the server put it in the static shell of index.html
 * (server/src/plugins/spa.ts): the page's largest paint, shown before any script runs. React's
 * skeletons of the landing show it too, so it stays on screen while the app starts instead of
 * going grey until the catalogue arrives. Forgotten once the catalogue shows its cards: later
 * skeletons stand for other content.
 */
let shellCover: string | undefined

/** Reads the cover from the static shell, before React replaces it. */
export const keepShellCover = (root: ParentNode) => {
  shellCover = root.querySelector('img[data-shell-cover]')?.getAttribute('src') ?? undefined
}

export const getShellCover = () => shellCover

export const forgetShellCover = () => {
  shellCover = undefined
}
