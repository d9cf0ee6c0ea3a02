import './theme.css';

export * from './components';
export * from './ErrorPage';
export * from './notifications';
export * from './format';
export * from './masks';
export * from './sliderModel';
export { Slider } from './Slider';
export type { SliderProps } from './Slider';
