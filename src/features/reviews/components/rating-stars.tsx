import { RATING_MAX } from '@contract/rules'

/** A rating as filled and empty stars, read out as one image named by `label`. */
export function RatingStars({ rating, label }: { rating: number; label: string }) {
  return (
    <div role="img" aria-label={label} className="text-amber-500">
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <span key={index} aria-hidden="true">
          {index < rating ? '★' : '☆'}
        </span>
      ))}
    </div>
  )
}
