/**
 * A web address shown in a narrow box: one line, cut with an ellipsis where the box ends, never
 * broken letter by letter. The whole address shows on hover (title) and is what assistive
 * technology reads (the text is all there, only clipped); a link also unfolds it while it has
 * keyboard focus. `href` makes it a link opening in a new tab (a safe, checked address: see
 * contract/rules.ts safeWebUrl); without it the address is plain text.
 */
export function UrlText({
  url,
  href = null,
  className = '',
}: {
  url: string
  href?: string | null
  className?: string
}) {
  if (href === null) {
    return (
      <span title={url} className={`block truncate ${className}`}>
        {url}
      </span>
    )
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      className={`block truncate underline focus-visible:whitespace-normal focus-visible:wrap-anywhere ${className}`}
    >
      {url}
    </a>
  )
}
