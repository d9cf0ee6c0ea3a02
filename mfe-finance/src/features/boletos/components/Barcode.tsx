import { itfBars } from '../api/itf';

/** The boleto's ITF barcode drawn from its 44 digits (quiet zones of 10 narrow bars). */
export function Barcode({ digits, height = 50 }: { digits: string; height?: number }) {
  const { bars, width } = itfBars(digits);
  const quiet = 10;
  return (
    <svg role="img" aria-label={`Código de barras ${digits}`} viewBox={`0 0 ${width + 2 * quiet} ${height}`} width="100%" style={{ maxWidth: 520, display: 'block' }} preserveAspectRatio="none" data-testid="codigo-de-barras">
      <rect x={0} y={0} width={width + 2 * quiet} height={height} fill="#fff" />
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x + quiet} y={0} width={bar.width} height={height} fill="#000" />
      ))}
    </svg>
  );
}
