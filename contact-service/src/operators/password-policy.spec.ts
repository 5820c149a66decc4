import { describe, expect, it } from '@jest/globals';
import { passwordProblem } from './password-policy.js';

describe('a new password', () => {
  it.each([
    ['short', 'Use at least 12 characters.'],
    ['x'.repeat(257), 'Use at most 256 characters.'],
    ['password1234', 'too easy to guess'],
    ['qwertyuiop123', 'too easy to guess'],
    ['aaaaaaaaaaaaaaaa', 'too easy to guess'],
    ['grace.hopper2026', 'too easy to guess'],
  ])('refuses %j with a sentence that says why', (password, why) => {
    expect(passwordProblem(password, 'grace.hopper')).toContain(why);
  });

  it.each([
    'correct horse battery staple',
    'Wolken über Köln im Nebel',
    '鶏肉と茄子の味噌炒め、ご飯大盛り',
    'x'.repeat(10) + ' otter quartz lantern',
  ])('accepts a long, unguessable one in any script: %j', (password) => {
    expect(passwordProblem(password, 'grace.hopper')).toBeNull();
  });

  it('counts characters as a person does: 12 emoji are 12 characters', () => {
    expect(passwordProblem('🦊🐙🌵🎻🧭🍋🪁🛶🧩🪴🦉🥁', 'grace') ?? '').not.toContain('at least');
    expect(passwordProblem('🦊🐙🌵🎻🧭🍋🪁🛶🧩🪴🦉', 'grace')).toBe('Use at least 12 characters.');
  });
});
