import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { chartValueFormatter, rowTotal, seriesInUse, seriesValue, type ChartSeries, type ChartValueFormat } from './chartModel';

export interface StackedBarChartProps<Row extends object> {
  /** What the chart shows ("Tarefas dos últimos 7 dias por tipo"): its accessible name and its table's caption. */
  label: string;
  rows: readonly Row[];
  /** The row's field naming its bar (a kind, a month). */
  category: keyof Row & string;
  series: ReadonlyArray<ChartSeries<Row>>;
  valueFormat?: ChartValueFormat;
  /** `horizontal`: one bar per row, left to right (long category names read well); `vertical`: columns. */
  orientation?: 'horizontal' | 'vertical';
  /** Height in px (default: 40 px per horizontal bar, at least 160; 280 for columns). */
  height?: number;
  /** A bar clicked (e.g. to filter the list below by it). */
  onSelect?: (row: Row) => void;
  /** `grouped`: the series side by side (comparing teams), no total; default `stacked`. */
  layout?: 'stacked' | 'grouped';
}

/**
 * Stacked bars (Mantine charts on recharts). The drawing is fetched when the first chart is drawn (recharts is
 * larger than the rest of a page), and a skeleton of its height holds the place so nothing below moves.
 * Screen readers (and tests) read the same figures as a table: the drawing itself is hidden from them.
 */
export function StackedBarChart<Row extends object>(props: StackedBarChartProps<Row>) {
  const height = props.height ?? (props.orientation === 'vertical' ? 280 : Math.max(160, 40 * props.rows.length + 60));
  // Compared series (teams) all stay in the legend, even one at zero; stacked states nobody is in do not.
  const series = props.layout === 'grouped' ? [...props.series] : seriesInUse(props.rows, props.series);
  const format = chartValueFormatter(props.valueFormat ?? 'integer');
  const { onSelect } = props;
  const grouped = props.layout === 'grouped';
  return (
    <figure aria-label={props.label} style={{ margin: 0 }}>
      <div aria-hidden="true" data-chart={props.label}>
        <Suspense fallback={<Skeleton h={height} />}>
          <StackedBarDrawing
            rows={props.rows}
            category={props.category}
            series={series}
            orientation={props.orientation}
            grouped={grouped}
            height={height}
            format={format}
            onSelect={onSelect && ((row) => onSelect(row as Row))}
          />
        </Suspense>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{props.label}</caption>
          <thead>
            <tr>
              <th scope="col">{' '}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
              {!grouped && <th scope="col">Total</th>}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={String(row[props.category])}>
                <th scope="row">{String(row[props.category])}</th>
                {series.map((s) => (
                  <td key={s.key}>{format(seriesValue(row, s))}</td>
                ))}
                {!grouped && <td>{format(rowTotal(row, series))}</td>}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}

/** What the drawing needs, without the row's type (it only passes rows through to recharts and back). */
export interface StackedBarDrawingProps {
  rows: readonly object[];
  category: string;
  series: ReadonlyArray<{ key: string; label: string; color: string }>;
  orientation?: 'horizontal' | 'vertical';
  grouped?: boolean;
  height: number;
  format: (value: number) => string;
  onSelect?: (row: unknown) => void;
}

const StackedBarDrawing = lazy(() => import(/* webpackChunkName: "charts" */ './StackedBarDrawing'));
