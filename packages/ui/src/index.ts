import './styles';

export * from './theme';
export * from './dates';
export * from './BackofficeProvider';
export * from './components';
export * from './icons';
export * from './ErrorPage';
export * from './notifications';
export * from './format';
export * from './masks';
export * from './sliderModel';
export { Slider } from './Slider';
export type { SliderProps } from './Slider';
export * from './jobs';
export * from './data-table';
export * from './forms';
export * from './history';
