/**
 * A camera for the browser tests: an EAN-13 barcode drawn into raw Y4M video frames (YUV 4:2:0), which Chromium
 * plays as its camera with `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`.
 * Generated at run time from the GTIN, so no binary is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium, type Browser, type TestInfo } from '@playwright/test';

/** The GTIN-13 check digit of its first 12 digits (weights 1, 3, 1, 3, … from the left). */
export function gtinCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`12 dígitos esperados: ${first12}`);
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** A valid GTIN-13 from 12 digits. */
export const gtin13 = (first12: string): string => `${first12}${gtinCheckDigit(first12)}`;

const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '0' ? '1' : '0')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** The first digit is encoded in the L/G parity of the left half. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules (1 = bar) of an EAN-13. */
export function ean13Modules(gtin: string): string {
  if (!/^\d{13}$/.test(gtin) || gtinCheckDigit(gtin.slice(0, 12)) !== Number(gtin[12])) throw new Error(`GTIN-13 inválido: ${gtin}`);
  const digits = [...gtin].map(Number);
  const parity = PARITY[digits[0] ?? 0] ?? '';
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === 'L' ? L_CODES[d] : G_CODES[d])).join('');
  const right = digits.slice(7).map((d) => R_CODES[d]).join('');
  return `101${left}01010${right}101`;
}

/** Writes `frames` identical 640×480 Y4M frames showing the GTIN's EAN-13 (4 px per module, 11-module quiet zones). */
export function writeEan13Y4m(gtin: string, file: string, frames = 2): void {
  const width = 640;
  const height = 480;
  const modules = ean13Modules(gtin);
  const scale = 4;
  const left = Math.floor((width - modules.length * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 100; y < 380; y += 1) {
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] !== '1') continue;
      luma.fill(16, y * width + left + m * scale, y * width + left + (m + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/**
 * A second Chromium (the project's executable and arguments) whose camera shows `gtin` as an EAN-13, with
 * permission to use it. A separate browser rather than `test.use({ launchOptions })`: that would start another
 * worker, hence another server on a fresh database, in the middle of the specs that share one.
 */
export async function launchWithBarcodeCamera(testInfo: TestInfo, gtin: string): Promise<Browser> {
  const video = testInfo.outputPath(`ean13-${gtin}.y4m`);
  writeEan13Y4m(gtin, video);
  const base = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
