import { describe, expect, it } from 'vitest';
import { onceEach, scannedCode } from './barcode';

describe('camera barcode', () => {
  it('reads a UPC-A as the GTIN-13 with a leading zero, and keeps other codes as read', () => {
    expect(scannedCode(' 7891000315507 ')).toBe('7891000315507');
    expect(scannedCode('012345678905')).toBe('0012345678905');
    expect(scannedCode('TOU-003')).toBe('TOU-003');
    expect(scannedCode('  ')).toBeNull();
  });

  it('counts the same code once while it stays in front of the camera, and again after 2 s', () => {
    let now = 0;
    const read: string[] = [];
    const emit = onceEach((c) => read.push(c), () => now);
    emit('7891000315507');
    now = 500;
    emit('7891000315507');
    emit('TOU-003');
    now = 3_000;
    emit('TOU-003');
    expect(read).toEqual(['7891000315507', 'TOU-003', 'TOU-003']);
  });
});
