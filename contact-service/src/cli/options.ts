import { InvalidArgumentError, Option } from 'commander';
import type { LeadKind } from '../leads/lead-kind.js';

/** The filters of `list` and `export`. */
export interface ListOptions {
  since?: Date;
  kind?: LeadKind;
  spam?: boolean;
}

export const positiveInt = (what: string, max: number) => (value: string) => {
  if (!/^\d+$/.test(value) || +value < 1 || +value > max) {
    throw new InvalidArgumentError(`${what} must be a whole number from 1 to ${max}.`);
  }
  return +value;
};

const date = (value: string) => {
  const parsed = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || isNaN(+parsed)) {
    throw new InvalidArgumentError('must be a date such as 2026-11-01 (UTC) or 2026-11-01T09:30Z.');
  }
  return parsed;
};

export const emailAddress = (value: string) => {
  const trimmed = value.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed)) {
    throw new InvalidArgumentError('must be an email address such as jane@bank.example.');
  }
  return trimmed;
};

export const sinceOption = () =>
  new Option('--since <date>', 'only leads received on or after this date').argParser(date);

export const kindOption = () =>
  new Option('--kind <kind>', 'contact requests or accessibility feedback').choices([
    'contact',
    'accessibility',
  ]);

export const spamOption = () => new Option('--spam', 'suspected spam instead of people’s leads');

export const limitOption = () =>
  new Option('--limit <n>', 'at most this many').argParser(positiveInt('--limit', 10_000));
