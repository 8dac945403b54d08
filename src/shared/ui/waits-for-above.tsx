import type { ReactNode } from 'react'

/**
 * A part of a page below another that is still loading, kept off the page until that part is in
 * place (its own queries run meanwhile). It then appears where it stays, instead of showing first
 * and being pushed down when the part above arrives taller than its skeleton: a jump that moves
 * what the user was about to tap. Adds no box of its own.
 */
export function WaitsForAbove({
  aboveLoading,
  children,
}: {
  aboveLoading: boolean
  children: ReactNode
}) {
  return (
    <div hidden={aboveLoading} className="contents">
      {children}
    </div>
  )
}
