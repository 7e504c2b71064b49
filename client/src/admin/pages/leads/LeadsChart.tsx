import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatDay } from './lead-parts.js';

// Distinct, colour-blind-friendlier hues in the order series appear.
const COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
];

/** Leads per week as stacked bars, one colour per group (country or service). Loaded with the dashboard only. */
export default function LeadsChart({
  rows,
  series,
  label,
}: {
  rows: Record<string, string | number>[];
  series: string[];
  label: string;
}) {
  return (
    <BarChart
      h={260}
      data={rows.map((row) => ({ ...row, week: formatDay(String(row.week)) }))}
      dataKey="week"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={series.map((name, i) => ({ name, color: COLORS[i % COLORS.length]! }))}
      tickLine="y"
      yAxisProps={{ allowDecimals: false }}
      xAxisProps={{ interval: 'preserveStartEnd' }}
      aria-label={label}
      role="img"
    />
  );
}
