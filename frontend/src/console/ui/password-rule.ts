import passwords from '@proposal-site/contract/passwords.json';

/**
 * The password fields' bounds, from the rule the service applies (contract/passwords.json). A
 * field counts UTF-16 code units and a character may take two, so the longest allowed password
 * always fits; past the rule, the service says "Use at most 256 characters."
 */
export const PASSWORD_MIN = passwords.min;
export const PASSWORD_FIELD_MAX = passwords.max * 2;
/** The new-password fields' hint. */
export const PASSWORD_HINT = `At least ${passwords.min} characters.`;
