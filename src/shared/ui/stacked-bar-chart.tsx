import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { Bar } from 'react-chartjs-2'

// Only the parts a bar chart uses, so the chunk carries no more of Chart.js than it draws.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)

/** One stack of the bars: its legend, a value per label (in cents), its colour. */
export interface BarSeries {
  label: string
  values: readonly number[]
  colour: string
}

type StackedBarChartProps = {
  labels: readonly string[]
  /** Bottom of the stack first. */
  series: readonly BarSeries[]
  /** How the axis and the tooltips write a value (cents, as the series hold them). */
  formatValue: (cents: number) => string
}

/**
 * Sums of money as stacked bars (the earnings' months, the overview's weeks), imported lazily so
 * only the screens that draw one load Chart.js. The canvas is hidden from screen readers: each
 * screen puts a table of the same figures beside it.
 */
export default function StackedBarChart({ labels, series, formatValue }: StackedBarChartProps) {
  return (
    <div className="relative h-64 w-full" aria-hidden="true">
      <Bar
        data={{
          labels: [...labels],
          datasets: series.map(({ label, values, colour }) => ({
            label,
            data: [...values],
            backgroundColor: colour,
          })),
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { stacked: true },
            y: {
              stacked: true,
              // Every series holds whole numbers (cents, counts): no ticks between them.
              ticks: { precision: 0, callback: (value) => formatValue(Math.round(Number(value))) },
            },
          },
          plugins: {
            tooltip: {
              callbacks: {
                label: (item) =>
                  `${item.dataset.label ?? ''}: ${formatValue(Math.round(item.parsed.y ?? 0))}`,
              },
            },
          },
        }}
      />
    </div>
  )
}
