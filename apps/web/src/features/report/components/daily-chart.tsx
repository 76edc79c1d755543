import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TReportDay } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatReportDay } from '../lib/format-day';

/**
 * Completions per day as bars. Loaded on its own (recharts is the largest dependency of the
 * page) and hidden from assistive technology: the page carries the same figures as a table.
 */
export function DailyChart({ days, height }: { days: TReportDay[]; height: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = days.map((d) => ({ label: formatReportDay(d.date, lang), completions: d.completions }));
  return (
    <div aria-hidden style={{ width: '100%' }}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--mantine-color-gray-3)" />
          <XAxis
            dataKey="label"
            tickLine={false}
            tick={{ fontSize: 12, fill: 'var(--mantine-color-gray-7)' }}
            minTickGap={12}
          />
          <YAxis
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 12, fill: 'var(--mantine-color-gray-7)' }}
            tickFormatter={(value: number) => formatNumber(value, lang)}
          />
          <Tooltip
            cursor={{ fill: 'var(--mantine-color-indigo-0)' }}
            formatter={(value) => [formatNumber(Number(value), lang), t('report.daily.completions')]}
          />
          {/* Figures, not a show: bars are drawn at their height straight away. */}
          <Bar
            dataKey="completions"
            fill="var(--mantine-color-indigo-6)"
            radius={[4, 4, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export default DailyChart;
