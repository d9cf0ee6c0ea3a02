import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { LineDrawingProps } from './LineChartFigure';

/** The drawing of `LineChartFigure`, in the charts chunk. */
export default function LineDrawing(props: LineDrawingProps) {
  return (
    <LineChart
      h={props.height}
      data={props.rows as Array<Record<string, unknown>>}
      dataKey={props.category}
      series={props.series.map((s) => ({ name: s.key, label: s.label, color: s.color, strokeDasharray: s.dashed ? '6 4' : undefined }))}
      valueFormatter={props.format}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      curveType="linear"
    />
  );
}
