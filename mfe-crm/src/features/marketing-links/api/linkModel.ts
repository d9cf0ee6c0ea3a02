/**
 * The marketing links feature's model: the UTM builder's preview (the same URL the server answers `/l/{code}`
 * with), the link and campaign forms' shapes and their mapping to the API.
 */
import type { Campaign, CampaignRequest, LinkPatchRequest, MarketingLink, NewLinkRequest } from '@backoffice/api-client/endpoints';
import { createCampaignBodyNameMax, createLinkBodyDestinationUrlMax, createLinkBodyLabelMax, createLinkBodyUtmCampaignMax, createLinkBodyUtmContentMax, createLinkBodyUtmTermMax } from '@backoffice/api-client/schemas';
import { z } from 'zod';

/** Lowercase, accent-free, `-` between words: how the server stores `utm_campaign`, `utm_term`, `utm_content`. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

export interface UtmValues {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
}

/**
 * The destination with the UTM parameters appended, as the server builds it: the destination's own parameters
 * are kept (its `utm_*` ones replaced), free values become slugs. `null` when the destination is not a URL yet.
 */
export function previewUrl(destination: string, utms: UtmValues): string | null {
  let url: URL;
  try {
    url = new URL(destination.trim());
  } catch {
    return null;
  }
  const kept = [...url.searchParams.entries()].filter(([key]) => !key.startsWith('utm_'));
  const params = new URLSearchParams(kept);
  const pairs: Array<[string, string]> = [
    ['utm_source', utms.utm_source],
    ['utm_medium', utms.utm_medium],
    ['utm_campaign', slug(utms.utm_campaign)],
    ['utm_term', slug(utms.utm_term)],
    ['utm_content', slug(utms.utm_content)],
  ];
  for (const [key, value] of pairs) if (value) params.append(key, value);
  url.search = params.toString();
  return url.toString();
}

/** Whether the destination is https on one of the allowed hosts (the server decides; this only warns early). */
export function destinationProblem(destination: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(destination.trim());
  } catch {
    return 'Use um endereço completo, como https://wa.me/5511999999999.';
  }
  if (url.protocol !== 'https:') return 'O destino precisa começar com https://.';
  if (!allowedHosts.includes(url.hostname.toLowerCase())) return `Domínio fora da lista permitida (${allowedHosts.join(', ')}).`;
  return null;
}

/** The short URL on this server: what is copied and what the QR code holds. */
export function shortUrl(link: Pick<MarketingLink, 'short_path'>, origin: string = window.location.origin): string {
  return `${origin}${link.short_path}`;
}

export const linkFormSchema = z.object({
  label: z.string().trim().min(1).max(createLinkBodyLabelMax),
  destination_url: z.string().trim().min(1).max(createLinkBodyDestinationUrlMax),
  utm_source: z.string().min(1),
  utm_medium: z.string().min(1),
  utm_campaign: z.string().max(createLinkBodyUtmCampaignMax),
  utm_term: z.string().max(createLinkBodyUtmTermMax),
  utm_content: z.string().max(createLinkBodyUtmContentMax),
  campaign_id: z.string(),
  expires_on: z.string().nullable(),
});

export type LinkFormValues = z.input<typeof linkFormSchema>;

export const EMPTY_LINK: LinkFormValues = {
  label: '',
  destination_url: 'https://',
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  utm_term: '',
  utm_content: '',
  campaign_id: '',
  expires_on: null,
};

export function formFromLink(link: MarketingLink): LinkFormValues {
  return {
    label: link.label,
    destination_url: link.destination_url,
    utm_source: link.utm_source,
    utm_medium: link.utm_medium,
    utm_campaign: link.utm_campaign ?? '',
    utm_term: link.utm_term ?? '',
    utm_content: link.utm_content ?? '',
    campaign_id: link.campaign_id ?? '',
    expires_on: link.expires_on ?? null,
  };
}

const orNull = (text: string | null) => (text?.trim() ? text.trim() : null);

export function newLinkFromForm(values: LinkFormValues): NewLinkRequest {
  return {
    label: values.label,
    destination_url: values.destination_url,
    utm_source: values.utm_source,
    utm_medium: values.utm_medium,
    utm_campaign: orNull(values.utm_campaign) ?? undefined,
    utm_term: orNull(values.utm_term) ?? undefined,
    utm_content: orNull(values.utm_content) ?? undefined,
    campaign_id: orNull(values.campaign_id) ?? undefined,
    expires_on: orNull(values.expires_on) ?? undefined,
  };
}

/** Every field of the form; a cleared optional one is `null` (the server clears it). */
export function linkPatchFromForm(values: LinkFormValues): LinkPatchRequest {
  return {
    label: values.label,
    destination_url: values.destination_url,
    utm_source: values.utm_source,
    utm_medium: values.utm_medium,
    utm_campaign: orNull(values.utm_campaign),
    utm_term: orNull(values.utm_term),
    utm_content: orNull(values.utm_content),
    campaign_id: orNull(values.campaign_id),
    expires_on: orNull(values.expires_on),
  };
}

export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1).max(createCampaignBodyNameMax),
    kind: z.string().min(1),
    starts_on: z.string().nullable(),
    ends_on: z.string().nullable(),
    goal_value: z.number().int().nonnegative().nullable(),
    goal_count: z.string(),
    promo_prices: z.array(z.object({ catalog_item_id: z.string(), price: z.number().int().nullable() })),
  })
  .superRefine((values, ctx) => {
    if (!values.starts_on) ctx.addIssue({ code: 'custom', path: ['starts_on'], message: 'Campo obrigatório.' });
    if (!values.ends_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'Campo obrigatório.' });
    if (values.goal_count.trim() && !/^\d+$/.test(values.goal_count.trim())) ctx.addIssue({ code: 'custom', path: ['goal_count'], message: 'Use um número inteiro.' });
  });

export type CampaignFormValues = z.input<typeof campaignFormSchema>;

export const EMPTY_CAMPAIGN: CampaignFormValues = { name: '', kind: 'black_friday', starts_on: null, ends_on: null, goal_value: null, goal_count: '', promo_prices: [] };

export function formFromCampaign(c: Campaign): CampaignFormValues {
  return {
    name: c.name,
    kind: c.kind,
    starts_on: c.starts_on,
    ends_on: c.ends_on,
    goal_value: c.goal_value ?? null,
    goal_count: c.goal_count == null ? '' : String(c.goal_count),
    promo_prices: c.promo_prices.map((p) => ({ catalog_item_id: p.catalog_item_id, price: p.price })),
  };
}

export function campaignFromForm(values: CampaignFormValues): CampaignRequest {
  return {
    name: values.name,
    kind: values.kind,
    starts_on: values.starts_on ?? '',
    ends_on: values.ends_on ?? '',
    goal_value: values.goal_value ?? undefined,
    goal_count: values.goal_count.trim() ? Number(values.goal_count.trim()) : undefined,
    promo_prices: values.promo_prices
      .filter((p) => p.catalog_item_id.trim() || p.price !== null)
      .map((p) => ({ catalog_item_id: p.catalog_item_id.trim(), price: p.price ?? 0 })),
  };
}

/** The labels of the fields the server names in a 422 and in a link's history. */
export const LINK_FIELD_LABELS: Record<string, string> = {
  label: 'Nome',
  destination_url: 'Destino',
  utm_source: 'Origem (utm_source)',
  utm_medium: 'Mídia (utm_medium)',
  utm_campaign: 'Campanha (utm_campaign)',
  utm_term: 'Termo (utm_term)',
  utm_content: 'Conteúdo (utm_content)',
  campaign_id: 'Campanha',
  owner_id: 'Responsável',
  expires_on: 'Válido até',
};

export const CAMPAIGN_FIELD_LABELS = (path: string): string | undefined => {
  const fixed: Record<string, string> = { name: 'Nome', kind: 'Tipo', starts_on: 'Início', ends_on: 'Fim', goal_value: 'Meta de valor', goal_count: 'Meta de vendas' };
  if (fixed[path]) return fixed[path];
  const price = /^promo_prices\[(\d+)\]\.(catalog_item_id|price)$/.exec(path);
  if (price) return `${price[2] === 'price' ? 'Preço' : 'Item'} ${Number(price[1]) + 1}`;
  return undefined;
};

