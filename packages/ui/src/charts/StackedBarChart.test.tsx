import { render, screen, within } from '@testing-library/react';
import { BackofficeProvider } from '../BackofficeProvider';
import { chartValueFormatter, rowTotal, seriesInUse, type ChartSeries } from './chartModel';
import { StackedBarChart } from './StackedBarChart';

interface Month {
  month: string;
  received: number;
  open: number;
  overdue: number;
}

const SERIES: ReadonlyArray<ChartSeries<Month>> = [
  { key: 'received', label: 'Recebido', color: 'green' },
  { key: 'open', label: 'A vencer', color: 'blue' },
  { key: 'overdue', label: 'Vencido', color: 'red' },
];

const JANUARY: Month = { month: '01/2026', received: 123456, open: 1000, overdue: 0 };
const ROWS: Month[] = [JANUARY, { month: '02/2026', received: 50, open: 0, overdue: 0 }];

describe('chart model', () => {
  it('leaves out of the legend a series no row has', () => {
    expect(seriesInUse(ROWS, SERIES).map((s) => s.key)).toEqual(['received', 'open']);
  });
  it('totals a row over its series, a missing value as 0', () => {
    expect(rowTotal(JANUARY, SERIES)).toBe(124456);
    expect(rowTotal({ month: 'x' } as unknown as Month, SERIES)).toBe(0);
  });
  it('reads centavos as reais and counts as whole numbers, in pt-BR', () => {
    expect(chartValueFormatter('money')(123456)).toBe('R$ 1.234,56');
    expect(chartValueFormatter('integer')(12345)).toBe('12.345');
  });
});

describe('StackedBarChart', () => {
  it('gives screen readers the figures as a table, with a total per row', () => {
    render(
      <BackofficeProvider env="test">
        <StackedBarChart<Month> label="Recebimentos por mês" rows={ROWS} category="month" series={SERIES} valueFormat="money" />
      </BackofficeProvider>,
    );
    const figure = screen.getByRole('figure', { name: 'Recebimentos por mês' });
    const table = within(figure).getByRole('table', { name: 'Recebimentos por mês' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent?.trim())).toEqual(['', 'Recebido', 'A vencer', 'Total']);
    const january = within(table).getByRole('row', { name: /01\/2026/ });
    expect(within(january).getAllByRole('cell').map((td) => td.textContent)).toEqual(['R$ 1.234,56', 'R$ 10,00', 'R$ 1.244,56']);
  });
});
