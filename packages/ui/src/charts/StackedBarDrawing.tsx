import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { StackedBarDrawingProps } from './StackedBarChart';

/** The drawing of `StackedBarChart`, in its own chunk with Mantine charts and recharts. */
export default function StackedBarDrawing(props: StackedBarDrawingProps) {
  const { onSelect } = props;
  return (
    <BarChart
      h={props.height}
      data={props.rows as Array<Record<string, unknown>>}
      dataKey={props.category}
      type={props.grouped ? 'default' : 'stacked'}
      // Mantine's "vertical" lays the bars out along the vertical axis: horizontal bars.
      orientation={props.orientation === 'vertical' ? 'horizontal' : 'vertical'}
      series={props.series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
      valueFormatter={props.format}
      withLegend
      maxBarWidth={32}
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={props.orientation === 'vertical' ? undefined : { width: 160 }}
      barProps={onSelect ? { cursor: 'pointer', onClick: (bar: { payload?: unknown }) => bar.payload && onSelect(bar.payload) } : undefined}
    />
  );
}
