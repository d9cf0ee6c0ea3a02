/**
 * What a chart shows, independent of the library that draws it: its series (a key of each row, a label in
 * Portuguese, a Mantine colour) and how its values read (whole numbers or centavos as R$). The same model
 * feeds the drawing and the table a screen reader (and a test) reads in its place.
 */
import { formatCentavos, formatInteger } from '../format';

export interface ChartSeries<Row> {
  /** The row's numeric field this series draws. */
  key: keyof Row & string;
  label: string;
  /** A Mantine colour (`green`, `red.6`…). */
  color: string;
}

/** `integer`: counts ("1.234"); `money`: centavos shown as "R$ 1.234,56"; `decimal`: "1,5"; `percent`: "12,5 %". */
export type ChartValueFormat = 'integer' | 'money' | 'decimal' | 'percent';

const DECIMAL = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export function chartValueFormatter(format: ChartValueFormat): (value: number) => string {
  switch (format) {
    case 'money':
      return formatCentavos;
    case 'decimal':
      return (value) => DECIMAL.format(value);
    case 'percent':
      return (value) => `${DECIMAL.format(value)} %`;
    default:
      return formatInteger;
  }
}

/** A row's value for a series: a number, or 0 when the row has none. */
export function seriesValue<Row>(row: Row, series: ChartSeries<Row>): number {
  const value = row[series.key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The series that have a value in some row: a legend entry for a state nobody is in only adds noise. */
export function seriesInUse<Row>(rows: readonly Row[], series: ReadonlyArray<ChartSeries<Row>>): Array<ChartSeries<Row>> {
  return series.filter((s) => rows.some((row) => seriesValue(row, s) !== 0));
}

/** Each row's total over the series (the end of its stacked bar). */
export function rowTotal<Row>(row: Row, series: ReadonlyArray<ChartSeries<Row>>): number {
  return series.reduce((sum, s) => sum + seriesValue(row, s), 0);
}
