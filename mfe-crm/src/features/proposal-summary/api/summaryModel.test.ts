import { describe, expect, it } from 'vitest';
import { tokenFromHash, whatsappUrl } from './summaryModel';

const token = 'q6Xx0P3lYl7o2c2m3iVxQn6k1fJ8dS4aZb9wE5rT7uY';

describe('the proposal summary page', () => {
  it('reads the token from the fragment only', () => {
    expect(tokenFromHash(`#t=${token}`)).toBe(token);
    expect(tokenFromHash(`t=${token}`)).toBe(token);
    expect(tokenFromHash('#t=')).toBeNull();
    expect(tokenFromHash('#t=<script>')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
  });

  it('builds the WhatsApp link from the digits, about the proposal', () => {
    expect(whatsappUrl('5511987654321', 'V-2026-000001')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1!%20Tenho%20uma%20d%C3%BAvida%20sobre%20a%20proposta%20V-2026-000001.',
    );
    expect(whatsappUrl('+55 (11) 98765-4321', 'V')).toMatch(/^https:\/\/wa\.me\/5511987654321\?/);
    expect(whatsappUrl('1234', 'V')).toBeNull();
    expect(whatsappUrl(null, 'V')).toBeNull();
  });
});
