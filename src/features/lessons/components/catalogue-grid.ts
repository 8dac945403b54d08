/**
 * Columns of at least 220 px share each row: two beside the sidebar at 768 px, one when the
 * container is narrower, so nothing overflows at 320 px. The card itself stays 200 to 336 px
 * wide (§2). Its own module: the start-up skeleton lays out its cards with it without loading
 * the catalogue.
 */
export const CATALOGUE_GRID_CLASS =
  'grid grid-cols-[repeat(auto-fill,minmax(min(220px,100%),1fr))] gap-4'

/** A catalogue card's width, 200 to 336 px (§2): its skeleton's too, so the cover stays put. */
export const CATALOGUE_CARD_WIDTH_CLASS = 'w-full max-w-[336px] min-w-[200px]'
