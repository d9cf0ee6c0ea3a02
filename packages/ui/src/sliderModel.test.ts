import { isValidSliderValue, normalizeSliderValue, resolveSliderOptions, SLIDER_DEFAULTS, sliderOptionsProblem, sliderValueAfterKey } from './sliderModel';

describe('slider defaults (seed)', () => {
  it('are min 0, max 100, interval 1, dot 14, track 4, animation 0.5 s, tooltip on active, page step 10', () => {
    expect(SLIDER_DEFAULTS).toEqual({
      min: 0,
      max: 100,
      interval: 1,
      dotSize: 14,
      trackThickness: 4,
      animationDuration: 0.5,
      tooltip: 'active',
      pageStep: 10,
    });
  });
});

describe('slider rules', () => {
  it('requires max - min divisible by the interval', () => {
    expect(() => resolveSliderOptions({ max: 10, interval: 3 })).toThrow(RangeError);
    expect(resolveSliderOptions({ max: 9, interval: 3 }).max).toBe(9);
    expect(sliderOptionsProblem({ ...SLIDER_DEFAULTS, min: 0, max: 1, interval: 0.1 })).toBeNull();
  });
  it('requires max greater than min and a positive interval', () => {
    expect(() => resolveSliderOptions({ min: 5, max: 5 })).toThrow(RangeError);
    expect(() => resolveSliderOptions({ interval: 0 })).toThrow(RangeError);
  });
  it('keeps the value within min and max, on a step', () => {
    const o = resolveSliderOptions({ interval: 5 });
    expect(normalizeSliderValue(-3, o)).toBe(0);
    expect(normalizeSliderValue(130, o)).toBe(100);
    expect(normalizeSliderValue(12, o)).toBe(10);
    expect(isValidSliderValue(15, o)).toBe(true);
    expect(isValidSliderValue(101, o)).toBe(false);
    expect(isValidSliderValue(7, o)).toBe(false);
  });
  it('moves 10 with Page Up / Page Down and one interval with arrows', () => {
    const o = resolveSliderOptions();
    expect(sliderValueAfterKey('PageUp', 50, o)).toBe(60);
    expect(sliderValueAfterKey('PageDown', 5, o)).toBe(0);
    expect(sliderValueAfterKey('ArrowRight', 50, o)).toBe(51);
    expect(sliderValueAfterKey('ArrowLeft', 50, o)).toBe(49);
    expect(sliderValueAfterKey('End', 50, o)).toBe(100);
    expect(sliderValueAfterKey('Home', 50, o)).toBe(0);
    expect(sliderValueAfterKey('a', 50, o)).toBeNull();
  });
});
