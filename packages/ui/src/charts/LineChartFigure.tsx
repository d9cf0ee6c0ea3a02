import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { chartValueFormatter, seriesValue, type ChartSeries, type ChartValueFormat } from './chartModel';

/** A line: a series, drawn dashed when it is a reference (a target) rather than a result. */
export interface LineSeries<Row> extends ChartSeries<Row> {
  dashed?: boolean;
}

export interface LineChartFigureProps<Row extends object> {
  /** What the chart shows: its accessible name and its table's caption. */
  label: string;
  rows: readonly Row[];
  /** The row's field naming its point on the horizontal axis (a week, a month). */
  category: keyof Row & string;
  series: ReadonlyArray<LineSeries<Row>>;
  valueFormat?: ChartValueFormat;
  height?: number;
}

/**
 * Lines over time (Mantine charts on recharts, fetched with the first chart drawn), with the same figures as a
 * table for screen readers and tests, as `StackedBarChart` does.
 */
export function LineChartFigure<Row extends object>(props: LineChartFigureProps<Row>) {
  const height = props.height ?? 280;
  const format = chartValueFormatter(props.valueFormat ?? 'integer');
  return (
    <figure aria-label={props.label} style={{ margin: 0 }}>
      <div aria-hidden="true" data-chart={props.label}>
        <Suspense fallback={<Skeleton h={height} />}>
          <LineDrawing rows={props.rows} category={props.category} series={props.series} height={height} format={format} />
        </Suspense>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{props.label}</caption>
          <thead>
            <tr>
              <th scope="col">{' '}</th>
              {props.series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={String(row[props.category])}>
                <th scope="row">{String(row[props.category])}</th>
                {props.series.map((s) => (
                  <td key={s.key}>{format(seriesValue(row, s))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}

/** What the drawing needs, without the row's type. */
export interface LineDrawingProps {
  rows: readonly object[];
  category: string;
  series: ReadonlyArray<{ key: string; label: string; color: string; dashed?: boolean }>;
  height: number;
  format: (value: number) => string;
}

const LineDrawing = lazy(() => import(/* webpackChunkName: "charts" */ './LineDrawing'));
