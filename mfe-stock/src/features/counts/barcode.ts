/**
 * Reading a barcode with the camera (§5(b)): the browser's `BarcodeDetector` where it has one (Chrome on Android,
 * macOS and ChromeOS), else ZXing's 1D reader (`@zxing/browser`, loaded only when the camera opens: desktop
 * Chromium on Linux and Windows, Firefox and Safari have no detector). docs/web.md says why this library.
 */

/** The formats on medical supplies' boxes: GTIN-13/8, UPC-A and the Code 128 some suppliers print the SKU in. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128'] as const;

/** What the detector reads before the same code counts again: one read per box held up to the camera. */
const REPEAT_MS = 2_000;

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The code a scan names, as the sheet stores it: trimmed; a UPC-A (12 digits) is the same GTIN-13 with a leading
 * zero. Null for an empty read.
 */
export function scannedCode(raw: string): string | null {
  const code = raw.trim();
  if (!code) return null;
  return /^\d{12}$/.test(code) ? `0${code}` : code;
}

/** A stop function for the camera and the decoding loop. */
export type StopReading = () => void;

/** Which reader this browser uses (shown under the preview, and what the test checks). */
export type ReaderKind = 'BarcodeDetector' | 'ZXing';

export const READER_LABELS: Record<ReaderKind, string> = { BarcodeDetector: 'leitor do navegador', ZXing: 'ZXing' };

function detectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/** The browser's detector when it reads the EAN-13 at least; null otherwise (then ZXing). */
async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = detectorClass();
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = FORMATS.filter((f) => supported.includes(f));
    return formats.includes('ean_13') ? new Detector({ formats: [...formats] }) : null;
  } catch {
    return null;
  }
}

/** Repeated reads of the same code within REPEAT_MS are one read. */
export function onceEach(onCode: (code: string) => void, now: () => number = Date.now): (raw: string) => void {
  let last = '';
  let at = 0;
  return (raw) => {
    const code = scannedCode(raw);
    if (!code) return;
    if (code === last && now() - at < REPEAT_MS) return;
    last = code;
    at = now();
    onCode(code);
  };
}

async function readWithDetector(detector: BarcodeDetectorLike, video: HTMLVideoElement, emit: (raw: string) => void): Promise<StopReading> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  await video.play();
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      for (const found of await detector.detect(video)) emit(found.rawValue);
    } catch {
      // A frame that is not ready yet: the next one is tried.
    }
    if (!stopped) requestAnimationFrame(() => void tick());
  };
  void tick();
  return () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}

async function readWithZxing(video: HTMLVideoElement, emit: (raw: string) => void): Promise<StopReading> {
  const [{ BrowserMultiFormatOneDReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import(/* webpackChunkName: "barcode" */ '@zxing/browser'),
    import(/* webpackChunkName: "barcode" */ '@zxing/library'),
  ]);
  const hints = new Map<number, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.CODE_128]],
  ]);
  const reader = new BrowserMultiFormatOneDReader(hints, { delayBetweenScanAttempts: 150 });
  const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' }, audio: false }, video, (result) => {
    if (result) emit(result.getText());
  });
  return () => controls.stop();
}

/**
 * Opens the camera into `video` and calls `onCode` for each code read, with the reader that read it; resolves
 * with the reader used and a stop.
 */
export async function startReading(video: HTMLVideoElement, onCode: (code: string, kind: ReaderKind) => void): Promise<{ kind: ReaderKind; stop: StopReading }> {
  const detector = await nativeDetector();
  if (detector) return { kind: 'BarcodeDetector', stop: await readWithDetector(detector, video, onceEach((code) => onCode(code, 'BarcodeDetector'))) };
  return { kind: 'ZXing', stop: await readWithZxing(video, onceEach((code) => onCode(code, 'ZXing'))) };
}

/**
 * Loads the fallback reader ahead (when the sheets are downloaded), so its files are among those the service
 * worker keeps and the camera also works offline.
 */
export async function preloadReader(): Promise<void> {
  if (detectorClass()) return;
  await Promise.all([import(/* webpackChunkName: "barcode" */ '@zxing/browser'), import(/* webpackChunkName: "barcode" */ '@zxing/library')]).catch(() => undefined);
}

/** A message for a camera that did not open. */
export function cameraError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'A câmera não foi autorizada. Permita o acesso à câmera nas configurações do navegador ou digite o código.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'Nenhuma câmera encontrada neste dispositivo. Digite o código.';
  return 'Não foi possível abrir a câmera. Digite o código.';
}
