/**
 * Interleaved 2 of 5 (the boleto's barcode): pairs of digits, the first drawn in the bars and the second in the
 * spaces between them; start "nnnn", stop "wnn". Wide = 3 narrow. Returns the bars as (x, width) in narrow units.
 */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

export interface Bar {
  x: number;
  width: number;
}

export function itfBars(digits: string, wide = 3): { bars: Bar[]; width: number } {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0) throw new Error('ITF precisa de um número par de dígitos');
  const widths: number[] = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])] ?? 'nnnnn';
    const spaces = PATTERNS[Number(digits[i + 1])] ?? 'nnnnn';
    for (let k = 0; k < 5; k++) {
      widths.push(bars[k] === 'w' ? wide : 1, spaces[k] === 'w' ? wide : 1);
    }
  }
  widths.push(wide, 1, 1);
  const out: Bar[] = [];
  let x = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) out.push({ x, width: w });
    x += w;
  });
  return { bars: out, width: x };
}

/** "34191.09008 …" from the 47 digits (the server also sends it formatted). */
export function formatLinha(linha: string): string {
  if (linha.length !== 47) return linha;
  return `${linha.slice(0, 5)}.${linha.slice(5, 10)} ${linha.slice(10, 15)}.${linha.slice(15, 21)} ${linha.slice(21, 26)}.${linha.slice(26, 32)} ${linha[32]} ${linha.slice(33)}`;
}
