import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { chartValueFormatter, type ChartValueFormat } from './chartModel';

/** A group of points in one colour (a team), each point named (a person). */
export interface ScatterGroup {
  name: string;
  color: string;
  points: ReadonlyArray<{ label: string; x: number; y: number }>;
}

export interface ScatterFigureProps {
  /** What the chart shows: its accessible name and its table's caption. */
  label: string;
  groups: readonly ScatterGroup[];
  xLabel: string;
  yLabel: string;
  xFormat?: ChartValueFormat;
  yFormat?: ChartValueFormat;
  height?: number;
}

/** Points of two measures (Mantine charts on recharts), with every point as a table row for screen readers and tests. */
export function ScatterFigure(props: ScatterFigureProps) {
  const height = props.height ?? 280;
  const fx = chartValueFormatter(props.xFormat ?? 'integer');
  const fy = chartValueFormatter(props.yFormat ?? 'integer');
  return (
    <figure aria-label={props.label} style={{ margin: 0 }}>
      <div aria-hidden="true" data-chart={props.label}>
        <Suspense fallback={<Skeleton h={height} />}>
          <ScatterDrawing groups={props.groups} xLabel={props.xLabel} yLabel={props.yLabel} height={height} />
        </Suspense>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{props.label}</caption>
          <thead>
            <tr>
              <th scope="col">{' '}</th>
              <th scope="col">Grupo</th>
              <th scope="col">{props.xLabel}</th>
              <th scope="col">{props.yLabel}</th>
            </tr>
          </thead>
          <tbody>
            {props.groups.flatMap((g) =>
              g.points.map((p) => (
                <tr key={`${g.name}/${p.label}`}>
                  <th scope="row">{p.label}</th>
                  <td>{g.name}</td>
                  <td>{fx(p.x)}</td>
                  <td>{fy(p.y)}</td>
                </tr>
              )),
            )}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}

/** What the drawing needs. */
export interface ScatterDrawingProps {
  groups: readonly ScatterGroup[];
  xLabel: string;
  yLabel: string;
  height: number;
}

const ScatterDrawing = lazy(() => import(/* webpackChunkName: "charts" */ './ScatterDrawing'));
