import { describe, expect, it } from 'vitest';
import { campaignFromForm, destinationProblem, previewUrl, slug } from './linkModel';

describe('the UTM builder', () => {
  it('appends the UTMs as the server does, keeping the destination parameters', () => {
    const url = previewUrl('https://wa.me/5511999990000?text=Ol%C3%A1&utm_source=velho', {
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'Black Friday 2026',
      utm_term: '',
      utm_content: 'Promoção de Verão',
    });
    expect(url).toBe('https://wa.me/5511999990000?text=Ol%C3%A1&utm_source=instagram&utm_medium=social&utm_campaign=black-friday-2026&utm_content=promocao-de-verao');
  });

  it('says nothing for a destination that is not a URL yet', () => {
    expect(previewUrl('https://', { utm_source: 'x', utm_medium: 'y', utm_campaign: '', utm_term: '', utm_content: '' })).toBeNull();
  });

  it('warns about destinations off the allow-list or without https', () => {
    expect(destinationProblem('https://evil.example/', ['wa.me'])).toMatch(/fora da lista/);
    expect(destinationProblem('http://wa.me/1', ['wa.me'])).toMatch(/https/);
    expect(destinationProblem('https://wa.me/1', ['wa.me'])).toBeNull();
  });

  it('slugs free values', () => {
    expect(slug('  Dia das Mães!! ')).toBe('dia-das-maes');
  });
});

describe('the campaign form', () => {
  it('sends integers and drops empty price rows', () => {
    expect(
      campaignFromForm({ name: 'BF', kind: 'black_friday', starts_on: '2026-11-20', ends_on: '2026-11-30', goal_value: 500000, goal_count: '12', promo_prices: [{ catalog_item_id: ' SKU-1 ', price: 1990 }, { catalog_item_id: '', price: null }] }),
    ).toEqual({ name: 'BF', kind: 'black_friday', starts_on: '2026-11-20', ends_on: '2026-11-30', goal_value: 500000, goal_count: 12, promo_prices: [{ catalog_item_id: 'SKU-1', price: 1990 }] });
  });
});
