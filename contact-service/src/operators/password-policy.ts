import passwords from '@proposal-site/contract/passwords.json' with { type: 'json' };
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * NIST SP 800-63B: at least 12 characters, at most 256 (before hashing), no composition rules:
 * contract/passwords.json, which the console's forms read too.
 */
export const PASSWORD_MIN = passwords.min;
export const PASSWORD_MAX = passwords.max;
/** zxcvbn's score 3: "safely unguessable", about 10^8 guesses or more. */
const MIN_SCORE = 3;

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  useLevenshteinDistance: true,
});

/**
 * Why a new password is refused, as a sentence a person can act on, or null when it is good: any
 * Unicode, counted in characters as a person counts them, and refused when it is common or
 * guessable (an offline dictionary: zxcvbn-ts), or made of the account's own name.
 */
export function passwordProblem(password: string, username: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const { score, feedback } = estimator.check(password, [username]);
  if (score >= MIN_SCORE) return null;
  const hint = feedback.warning ? ` ${feedback.warning}` : '';
  return `This password is too easy to guess.${hint} A few unrelated words make a strong one.`;
}
