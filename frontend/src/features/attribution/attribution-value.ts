/**
 * Control characters (\p{Cc}) and halves of surrogate pairs (\p{Cs}): text no campaign means,
 * which the service removes too (contract/attribution.json).
 */
const UNWANTED = /[\p{Cc}\p{Cs}]/gu;

/**
 * One value of a lead's attribution as both sides store it (contract/attribution.json): without
 * control characters, trimmed, cut to its bound in UTF-16 code units. Cut, never refused: the
 * link was written by someone other than the visitor, and must never cost a lead. A cut through a
 * surrogate pair leaves half a character, which is removed as the service would remove it.
 */
export function cleanAttributionValue(value: string, bound: number): string {
  return value.replace(UNWANTED, '').trim().slice(0, bound).replace(UNWANTED, '');
}
