import { useState, type CSSProperties, type KeyboardEvent } from 'react';
import { normalizeSliderValue, resolveSliderOptions, sliderValueAfterKey, type SliderOptions } from './sliderModel';

export interface SliderProps extends Partial<SliderOptions> {
  value: number;
  onChange: (value: number) => void;
  label: string;
}

/** A single-value slider with the seed's defaults; keyboard: arrows, Page Up/Down (±10), Home/End. */
export function Slider({ value, onChange, label, ...overrides }: SliderProps) {
  const options = resolveSliderOptions(overrides);
  const [active, setActive] = useState(false);
  const current = normalizeSliderValue(value, options);
  const percent = ((current - options.min) / (options.max - options.min)) * 100;
  const showTooltip = options.tooltip === 'always' || (options.tooltip === 'active' && active);
  const transition = `left ${options.animationDuration}s, width ${options.animationDuration}s`;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = sliderValueAfterKey(event.key, current, options);
    if (next === null) return;
    event.preventDefault();
    onChange(next);
  };

  const track: CSSProperties = { height: options.trackThickness, background: 'var(--bo-border)', borderRadius: 99, position: 'relative' };
  const fill: CSSProperties = { height: '100%', width: `${percent}%`, background: 'var(--bo-primary)', borderRadius: 99, transition };
  const dot: CSSProperties = {
    position: 'absolute', top: '50%', left: `${percent}%`, width: options.dotSize, height: options.dotSize,
    transform: 'translate(-50%, -50%)', borderRadius: '50%', background: '#fff', border: '2px solid var(--bo-primary)', transition,
  };

  return (
    <div className="bo-slider" style={{ padding: `${options.dotSize / 2}px 0` }}>
      <div style={track}>
        <div style={fill} />
        <div
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-valuemin={options.min}
          aria-valuemax={options.max}
          aria-valuenow={current}
          style={dot}
          onKeyDown={onKeyDown}
          onFocus={() => setActive(true)}
          onBlur={() => setActive(false)}
          onPointerEnter={() => setActive(true)}
          onPointerLeave={() => setActive(false)}
        >
          {showTooltip && (
            <span role="tooltip" style={{ position: 'absolute', bottom: '150%', left: '50%', transform: 'translateX(-50%)' }}>
              {current}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
