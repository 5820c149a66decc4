// Checks the built dist/.well-known/security.txt against RFC 9116
// (https://www.rfc-editor.org/rfc/rfc9116): every line a comment or a known field, at least one
// Contact, exactly one Expires in RFC 3339 form, less than a year ahead, and the other fields at
// most once, as https URIs where the RFC asks for one. A production build (no
// dist/example-config.txt) also fails when Expires is less than 30 days away: the file would
// expire on the live site. `npm run check-security-txt -w frontend` (make budget runs it);
// `node scripts/check-security-txt.mjs FILE` checks another copy (the smoke test's download).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const file = process.argv[2] ?? join(dist, '.well-known', 'security.txt');
const production = !existsSync(join(dist, 'example-config.txt'));
const DAY = 86_400_000;
const KNOWN = [
  'Acknowledgments',
  'Canonical',
  'Contact',
  'Encryption',
  'Expires',
  'Hiring',
  'Policy',
  'Preferred-Languages',
  'CSAF',
];
const ONCE = ['Expires', 'Preferred-Languages'];
const HTTPS_URI = ['Acknowledgments', 'Canonical', 'Hiring', 'Policy', 'CSAF'];

const problems = [];
const fields = new Map();
const text = readFileSync(file, 'utf8');
for (const [index, line] of text.split(/\r?\n/).entries()) {
  if (line === '' || line.startsWith('#')) continue;
  const match = /^([A-Za-z0-9-]+): (.+)$/.exec(line);
  if (!match) {
    problems.push(`line ${index + 1} is neither a field nor a comment: ${JSON.stringify(line)}`);
    continue;
  }
  const [, name, value] = match;
  if (!KNOWN.includes(name)) problems.push(`line ${index + 1}: unknown field ${name}`);
  fields.set(name, [...(fields.get(name) ?? []), value]);
}
for (const name of ONCE) {
  if ((fields.get(name)?.length ?? 0) > 1) problems.push(`${name} appears more than once`);
}
const contacts = fields.get('Contact') ?? [];
if (contacts.length === 0) problems.push('no Contact');
for (const contact of contacts) {
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+|tel:\+?[0-9-]+)$/.test(contact)) {
    problems.push(`Contact is not a mailto:, https: or tel: URI: ${contact}`);
  }
}
for (const name of HTTPS_URI) {
  for (const value of fields.get(name) ?? []) {
    if (!/^https:\/\/\S+$/.test(value)) problems.push(`${name} is not an https:// URI: ${value}`);
  }
}
const expiresText = fields.get('Expires')?.[0];
let daysLeft;
if (!expiresText) {
  problems.push('no Expires');
} else if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(expiresText)) {
  problems.push(`Expires is not an RFC 3339 date-time: ${expiresText}`);
} else {
  daysLeft = (Date.parse(expiresText) - Date.now()) / DAY;
  if (daysLeft <= 0) problems.push(`Expires is past: ${expiresText}`);
  if (daysLeft > 366) problems.push(`Expires is more than a year ahead: ${expiresText}`);
  if (production && daysLeft < 30) {
    problems.push(
      `Expires is ${Math.floor(daysLeft)} days away on a production build (at least 30): build and deploy again`,
    );
  }
}

const where = `${file} (${production ? 'production build' : 'build with example values'})`;
if (problems.length) {
  console.error(
    `security.txt: ${where} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `security.txt: ${where} is valid; Expires ${expiresText}, in ${Math.round(daysLeft)} days`,
);
