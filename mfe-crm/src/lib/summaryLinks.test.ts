import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './summaryLinks';

describe('summary links', () => {
  it('are sent on this origin with the token in the fragment', () => {
    const token = 'q6Xx0P3lYl7o2c2m3iVxQn6k1fJ8dS4aZb9wE5rT7uY';
    expect(absoluteUrl(`/resumo-temporario#t=${token}`, 'https://app.example')).toBe(`https://app.example/resumo-temporario#t=${token}`);
  });
});
