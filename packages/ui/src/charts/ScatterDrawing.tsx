import '@mantine/charts/styles.css';
import { ScatterChart } from '@mantine/charts';
import type { ScatterDrawingProps } from './ScatterFigure';

/** The drawing of `ScatterFigure`, in the charts chunk. */
export default function ScatterDrawing(props: ScatterDrawingProps) {
  return (
    <ScatterChart
      h={props.height}
      data={props.groups.map((g) => ({ name: g.name, color: g.color, data: g.points.map((p) => ({ x: p.x, y: p.y })) }))}
      dataKey={{ x: 'x', y: 'y' }}
      labels={{ x: props.xLabel, y: props.yLabel }}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
    />
  );
}
