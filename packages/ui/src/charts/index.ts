export * from './chartModel';
export { StackedBarChart } from './StackedBarChart';
export type { StackedBarChartProps } from './StackedBarChart';
export { LineChartFigure } from './LineChartFigure';
export type { LineChartFigureProps, LineSeries } from './LineChartFigure';
export { ScatterFigure } from './ScatterFigure';
export type { ScatterFigureProps, ScatterGroup } from './ScatterFigure';
