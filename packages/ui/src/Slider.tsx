import { Slider as MantineSlider } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { normalizeSliderValue, resolveSliderOptions, sliderValueAfterKey, type SliderOptions } from './sliderModel';

export interface SliderProps extends Partial<SliderOptions> {
  value: number;
  onChange: (value: number) => void;
  label: string;
}

/**
 * A single-value slider with the seed's defaults (sliderModel), drawn by Mantine's Slider: dot size → thumb,
 * track thickness → size, interval → step, tooltip → the value label (on while hovered, focused or dragged;
 * always; or never). Keys follow the model: arrows ± interval, Page Up/Down ± pageStep, Home/End.
 */
export function Slider({ value, onChange, label, ...overrides }: SliderProps) {
  const options = resolveSliderOptions(overrides);
  const current = normalizeSliderValue(value, options);
  const transition = `${options.animationDuration}s`;

  // Before Mantine's own handler (which knows no Page Up/Down): every key the model knows moves by the model.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    const next = sliderValueAfterKey(event.key, current, options);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(next);
  };

  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      <MantineSlider
        value={current}
        onChange={(next) => onChange(normalizeSliderValue(next, options))}
        min={options.min}
        max={options.max}
        step={options.interval}
        size={options.trackThickness}
        thumbSize={options.dotSize}
        thumbLabel={label}
        label={options.tooltip === 'none' ? null : (v: number) => v}
        labelAlwaysOn={options.tooltip === 'always'}
        showLabelOnHover={options.tooltip === 'active'}
        attributes={{ label: { role: 'tooltip' } }}
        styles={{
          thumb: { width: options.dotSize, height: options.dotSize, transition: `left ${transition}` },
          bar: { transition: `width ${transition}` },
        }}
        py={options.dotSize / 2}
      />
    </div>
  );
}
