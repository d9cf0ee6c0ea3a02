/** Slider defaults from the seed and the rules a configuration must follow. */
export interface SliderOptions {
  min: number;
  max: number;
  interval: number;
  dotSize: number;
  trackThickness: number;
  /** Seconds. */
  animationDuration: number;
  tooltip: 'active' | 'always' | 'none';
  /** How far Page Up / Page Down move. */
  pageStep: number;
}

export const SLIDER_DEFAULTS: Readonly<SliderOptions> = Object.freeze({
  min: 0,
  max: 100,
  interval: 1,
  dotSize: 14,
  trackThickness: 4,
  animationDuration: 0.5,
  tooltip: 'active',
  pageStep: 10,
});

export function resolveSliderOptions(overrides: Partial<SliderOptions> = {}): SliderOptions {
  const options = { ...SLIDER_DEFAULTS, ...overrides };
  const problem = sliderOptionsProblem(options);
  if (problem) throw new RangeError(problem);
  return options;
}

export function sliderOptionsProblem({ min, max, interval }: SliderOptions): string | null {
  if (!(max > min)) return 'O máximo do controle deslizante deve ser maior que o mínimo.';
  if (!(interval > 0)) return 'O intervalo do controle deslizante deve ser positivo.';
  // Ratio check tolerates float steps such as 0.1 that are exact in decimal but not in binary.
  const steps = (max - min) / interval;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return 'A diferença entre máximo e mínimo deve ser divisível pelo intervalo.';
  }
  return null;
}

/** Clamp into [min, max] and snap to the nearest interval step from min. */
export function normalizeSliderValue(value: number, { min, max, interval }: SliderOptions): number {
  const clamped = Math.min(max, Math.max(min, value));
  const snapped = min + Math.round((clamped - min) / interval) * interval;
  return Math.min(max, Number(snapped.toFixed(10)));
}

export function isValidSliderValue(value: number, options: SliderOptions): boolean {
  return value >= options.min && value <= options.max && normalizeSliderValue(value, options) === value;
}

const KEY_DELTAS: Record<string, (o: SliderOptions) => number> = {
  ArrowRight: (o) => o.interval,
  ArrowUp: (o) => o.interval,
  ArrowLeft: (o) => -o.interval,
  ArrowDown: (o) => -o.interval,
  PageUp: (o) => o.pageStep,
  PageDown: (o) => -o.pageStep,
};

/** The value a key press leads to, or null when the key does not move the slider. */
export function sliderValueAfterKey(key: string, value: number, options: SliderOptions): number | null {
  if (key === 'Home') return options.min;
  if (key === 'End') return options.max;
  const delta = KEY_DELTAS[key];
  return delta ? normalizeSliderValue(value + delta(options), options) : null;
}
