/**
 * The kinds of setting env.schema.ts is made of: ports, counts, lists, switches and keys, and the
 * nature of each setting (a secret, or one whose value may be shown back).
 */
import { z } from 'zod';

export const port = z.coerce.number().int().min(0).max(65535);
export const positiveInt = z.coerce.number().int().positive();
/** Values separated by commas ("a, b,c"), blanks left out; none when empty. */
export const commaSeparated = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** A duration in hours, fractions allowed, up to a year. */
export const hours = z.coerce
  .number()
  .positive()
  .max(24 * 366);
/** "a, b,c" → ['a', 'b', 'c']: the form of every list setting. */
export const splitOnCommas = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
export const emailList = z
  .string()
  .transform(splitOnCommas)
  .pipe(
    z
      .array(z.email({ error: 'must be email addresses separated by commas' }))
      .min(1, { error: 'must name at least one email address' }),
  );
export const SCOPES_ERROR =
  'must be scopes separated by spaces, openid among them (openid email profile)';
/** Every switch is true or false. */
export const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');
/**
 * A switch that release 1.1.0 spelled on or off: that spelling is still read, so that an
 * operator's .env keeps working through `make upgrade` (CHANGELOG.md).
 */
export const formerOnOff = z.preprocess(
  (value) => (value === 'on' ? 'true' : value === 'off' ? 'false' : value),
  flag,
);

/**
 * What the schema says of a setting beyond its rule. A setting marked neither is named without
 * its value when it is wrong, and is not taken out of log lines: safe for anything but a secret.
 */
export interface SettingNature {
  /** A credential, or a URL that may carry one: never shown back, taken out of every log line. */
  secret?: true;
  /** Its value may be shown back when it is wrong (config/env.ts). */
  shown?: true;
  /** No longer a setting: any value is refused (the files that pass settings on omit it). */
  retired?: true;
}
export const settingNature = z.registry<SettingNature>();
/** Marks a setting's nature in the schema (settingNature); answers the setting's schema. */
function marked<T extends z.ZodType>(schema: T, nature: SettingNature): T {
  settingNature.add(schema, nature);
  return schema;
}
export const secret = <T extends z.ZodType>(schema: T) => marked(schema, { secret: true });

/** A scheduler's webhook key, or two while one replaces the other ("old,new"). */
export const webhookKeys = z
  .string()
  .transform((value) => value.split(',').map((key) => key.trim()))
  .refine((keys) => keys.length <= 2 && keys.every((key) => key.length >= 16), {
    error: 'must be one key of at least 16 characters, or two separated by a comma',
  });
export const shown = <T extends z.ZodType>(schema: T) => marked(schema, { shown: true });
/**
 * A setting of an earlier version: a value left in the environment stops the start with a line
 * saying what to do, instead of being ignored while the operator believes it applies.
 */
export const retired = (error: string) =>
  marked(z.undefined({ error }).optional(), { retired: true });
