import attribution from '@proposal-site/contract/attribution.json' with { type: 'json' };

/**
 * What brought a lead (contract/attribution.json, the one place its keys and bounds are written):
 * the campaign parameters of the page the form was sent from, the landing path of the visit and
 * the referrer's host, as the site's form read them. All of it is untrusted text that someone
 * other than the visitor may have written (a campaign link), so it is cleaned and cut here, never
 * refused: a bad campaign parameter must not cost a lead.
 */
export const ATTRIBUTION_PARAMETERS = attribution.parameters as readonly AttributionParameter[];

export type AttributionParameter =
  | 'utm_source'
  | 'utm_medium'
  | 'utm_campaign'
  | 'utm_term'
  | 'utm_content'
  | 'gclid'
  | 'msclkid'
  | 'li_fat_id';

export type AttributionKey = AttributionParameter | 'landing_path' | 'referrer_host';

export const ATTRIBUTION_KEYS: readonly AttributionKey[] = [
  ...ATTRIBUTION_PARAMETERS,
  'landing_path',
  'referrer_host',
];

/** Each key's bound in UTF-16 code units, as the contract gives it. */
export const ATTRIBUTION_LIMITS: Readonly<Record<AttributionKey, number>> = Object.fromEntries(
  ATTRIBUTION_KEYS.map((key) => [
    key,
    key === 'landing_path' || key === 'referrer_host'
      ? attribution.limits[key]
      : attribution.limits.parameter,
  ]),
) as Record<AttributionKey, number>;

/** A lead's attribution: each key present only when the visit had it. */
export type Attribution = Partial<Record<AttributionKey, string>>;

/** Control characters and unpaired surrogates are not text (contact-fields.json's rule). */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/gu;

/**
 * The cleaned attribution of what a body sent: only the contract's keys with string values,
 * control characters removed, trimmed and cut to each bound (without splitting a surrogate
 * pair); empty ones left out. Anything else, a non-object included, is dropped.
 */
export function cleanAttribution(value: unknown): Attribution {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const cleaned: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const raw = (value as Record<string, unknown>)[key];
    if (typeof raw !== 'string' || !Object.hasOwn(value, key)) continue;
    let text = raw.replace(NOT_TEXT, '').trim().slice(0, ATTRIBUTION_LIMITS[key]);
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    text = text.trim();
    if (text) cleaned[key] = text;
  }
  return cleaned;
}

/**
 * The source, medium and campaign a lead is counted under in the sources report, in the
 * notation of web analytics: its utm_* when it has a utm_source; an ad click's network when it
 * has only a click id; the referring host, medium "referral", for a link from another site;
 * "(direct)" / "(none)" for a visit with none of these.
 */
export interface LeadSource {
  source: string;
  medium: string;
  campaign: string;
}

export const DIRECT: LeadSource = { source: '(direct)', medium: '(none)', campaign: '' };

const CLICK_NETWORKS: [AttributionParameter, string][] = [
  ['gclid', 'google'],
  ['msclkid', 'microsoft'],
  ['li_fat_id', 'linkedin'],
];

export function sourceOf(attribution: Attribution): LeadSource {
  if (attribution.utm_source) {
    return {
      source: attribution.utm_source,
      medium: attribution.utm_medium ?? '(not set)',
      campaign: attribution.utm_campaign ?? '',
    };
  }
  const click = CLICK_NETWORKS.find(([parameter]) => attribution[parameter]);
  if (click) {
    return { source: click[1], medium: 'cpc', campaign: attribution.utm_campaign ?? '' };
  }
  if (attribution.referrer_host) {
    return { source: attribution.referrer_host, medium: 'referral', campaign: '' };
  }
  return DIRECT;
}

/**
 * What brought a lead as lines of text, label then value, for the screens and notices that list
 * a lead's fields (the CLI, the mail, Slack, Teams): its source first, "source / medium /
 * campaign", then each key the visit had. None for a lead written before attribution was kept,
 * or with none asked (a booking with no form). The values are the visitor's: each channel makes
 * them inert in its own way.
 */
export function attributionLines(lead: {
  attribution: Attribution | null;
  source: LeadSource | null;
}): [string, string][] {
  if (!lead.attribution || !lead.source) return [];
  const { source, medium, campaign } = lead.source;
  const lines: [string, string][] = [
    ['source', [source, medium, campaign].filter(Boolean).join(' / ')],
  ];
  for (const key of ATTRIBUTION_KEYS) {
    const value = lead.attribution[key];
    if (value) lines.push([key.replaceAll('_', ' '), value]);
  }
  return lines;
}

/**
 * The lines of a lead whose source is known (a campaign, an ad click, a referring site), for the
 * short notices (Slack, Teams) that name it; none for a direct visit or none recorded.
 */
export function knownSourceLines(lead: {
  attribution: Attribution | null;
  source: LeadSource | null;
}): [string, string][] {
  return lead.source && lead.source.source !== DIRECT.source ? attributionLines(lead) : [];
}
