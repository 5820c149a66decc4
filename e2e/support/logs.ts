import { readdirSync, readFileSync } from 'node:fs';
import { repoRoot } from './stack.ts';

/** Where the stack of `make e2e` writes its logs: nginx, the services, the provider. */
const logsDir = `${repoRoot}.stack/logs`;

/** Every log the stack wrote, as one text per file. */
export const logs = () =>
  readdirSync(logsDir)
    .filter((name) => name.endsWith('.log'))
    .map((name) => ({ name, text: readFileSync(`${logsDir}/${name}`, 'utf8') }));

/** The log files in which any of these appear, as they are or URL-encoded. */
export function filesHolding(secrets: string[]): string[] {
  const forms = secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]);
  return logs()
    .filter(({ text }) => forms.some((form) => text.includes(form)))
    .map(({ name }) => name);
}
