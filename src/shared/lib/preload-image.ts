/**
 * Starts fetching an image a screen is about to show, at high priority, before React has
 * rendered the `<img>` that shows it (which then finds it loaded or on its way): the screen's
 * largest paint no longer waits for the render that asks for it. Once per URL.
 */
export const preloadImage = (url: string) => {
  const links = document.head.querySelectorAll('link[rel="preload"][as="image"]')
  if ([...links].some((link) => link.getAttribute('href') === url)) return
  const link = document.createElement('link')
  // Attributes rather than properties: `as` and `fetchpriority` are not reflected everywhere.
  link.setAttribute('rel', 'preload')
  link.setAttribute('as', 'image')
  link.setAttribute('href', url)
  link.setAttribute('fetchpriority', 'high')
  document.head.append(link)
}
