import type { EarningsSummary } from '@contract/index'
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
import { useTranslation } from 'react-i18next'
import { formatPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { monthLabel } from '../lib/months'

// Only the parts a bar chart uses, so the chunk carries no more of Chart.js than it draws.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)

const SHARE_COLOUR = '#2159d4' // brand-600
const FEE_COLOUR = '#94a3b8' // slate-400

/**
 * The twelve months as stacked bars (the educator's share under the platform fee: together the
 * gross), in its own chunk so only this screen loads Chart.js. The canvas is hidden from screen
 * readers: the table beside it gives the same figures.
 */
export default function EarningsChart({ months }: { months: EarningsSummary['months'] }) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <div className="relative h-64 w-full" aria-hidden="true">
      <Bar
        data={{
          labels: months.map(({ month }) => monthLabel(month, language)),
          datasets: [
            {
              label: t('earnings.columns.share'),
              data: months.map(({ shareCents }) => shareCents / 100),
              backgroundColor: SHARE_COLOUR,
            },
            {
              label: t('earnings.columns.fee'),
              data: months.map(({ feeCents }) => feeCents / 100),
              backgroundColor: FEE_COLOUR,
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { stacked: true },
            y: {
              stacked: true,
              ticks: {
                callback: (value) => formatPrice(Math.round(Number(value) * 100), language),
              },
            },
          },
          plugins: {
            tooltip: {
              callbacks: {
                label: (item) =>
                  `${item.dataset.label ?? ''}: ${formatPrice(Math.round((item.parsed.y ?? 0) * 100), language)}`,
              },
            },
          },
        }}
      />
    </div>
  )
}
