import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };
import { ATTRIBUTION_LIMITS } from '../leads/attribution.js';

/**
 * Field limits of a contact submission, in UTF-16 code units as JavaScript counts a string's
 * length: the contract's (contract/contact-fields.json), the one place they are written. The
 * entity's column lengths come from here; test/contact-columns.e2e-spec.ts checks the migrated
 * database against them.
 */
export const CONTACT_LIMITS = { ...contactFields.limits, ...contactFields.legacyTrapLimits };

/**
 * The largest body a valid submission can take, derived from the field limits and the attribution's (contract/attribution.json): JSON may spell
 * any code unit as a 6-byte `\uXXXX` escape (what a 3-byte CJK character or half of a 4-byte
 * emoji becomes in the worst case), plus 1 KB for the field names, the trap and whitespace.
 * nginx's client_max_body_size (infra/nginx/snippets/body-limit.conf) is this, rounded up
 * to whole kilobytes; a test holds the two together.
 */
export const CONTACT_BODY_LIMIT_BYTES =
  [...Object.values(CONTACT_LIMITS), ...Object.values(ATTRIBUTION_LIMITS)].reduce(
    (sum, limit) => sum + limit,
    0,
  ) *
    6 +
  1024;

/** The contract's patterns are written for the u flag: `\p{…}` classes, a surrogate pair as one. */
const pattern = (source: string) => new RegExp(source, 'u');

/** The HTML email syntax (input type=email), but the domain must contain a dot. */
export const EMAIL_PATTERN = pattern(contactFields.patterns.email);

/**
 * No control characters at all, for one-line fields. Nor unpaired surrogates (\p{Cs}): they are
 * not text, and Postgres would store U+FFFD instead of what was sent.
 */
export const SINGLE_LINE = pattern(contactFields.patterns.singleLine);

/** Line breaks and tabs are fine in a message; other control characters are not. */
export const MULTI_LINE = pattern(contactFields.patterns.multiLine);
