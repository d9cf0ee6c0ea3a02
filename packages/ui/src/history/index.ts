export { HistoryPanel } from './HistoryPanel';
export type { HistoryPanelProps } from './HistoryPanel';
