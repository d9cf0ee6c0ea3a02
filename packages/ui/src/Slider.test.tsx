import { fireEvent, render, screen } from '@testing-library/react';
import { BackofficeProvider } from './BackofficeProvider';
import { Slider } from './Slider';

describe('<Slider>', () => {
  it('renders the defaults and shows the tooltip only while active', () => {
    const onChange = vi.fn();
    render(
      <BackofficeProvider env="test">
        <Slider label="Percentual" value={40} onChange={onChange} />
      </BackofficeProvider>,
    );
    const slider = screen.getByRole('slider', { name: 'Percentual' });
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    expect(slider.style.width).toBe('14px');
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(slider);
    expect(screen.getByRole('tooltip').textContent).toBe('40');
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(onChange).toHaveBeenCalledWith(50);
  });
});
