// Reads testssl.sh's JSON findings (--jsonfile) and prints what a reviewer asks: the findings by
// severity, the protocols offered, and every finding above INFO. Exits 1 when one above LOW is
// about the configuration. Two never are when the certificate comes from Pebble, Let's Encrypt's
// test CA (--pebble): it signs for five years and names no CRL or OCSP responder, where a public
// CA signs for 90 days and names a CRL. Nor is BREACH when the URL testssl.sh was given is a
// prerendered page (--prerendered-page): its check only sees that the page was sent compressed,
// and a page that holds no secret, reflects nothing of the request and is compressed at build
// gives BREACH nothing to read (docs/security.md, "Compression and BREACH"); the smoke test holds
// the API's answers uncompressed.
//   node testssl-summary.mjs FINDINGS.json [--pebble] [--prerendered-page]
import { readFileSync } from 'node:fs';

const [file, ...flags] = process.argv.slice(2);
const findings = JSON.parse(readFileSync(file, 'utf8'));
const rank = { OK: 0, INFO: 0, WARN: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
const notAboutTheConfiguration = new Map([
  ...(flags.includes('--pebble')
    ? [
        ['cert_validityPeriod', 'Pebble’s test certificate'],
        ['cert_revocation', 'Pebble’s test certificate'],
      ]
    : []),
  ...(flags.includes('--prerendered-page')
    ? [['BREACH', 'a prerendered page, compressed at build: docs/security.md']]
    : []),
]);

const counts = {};
for (const finding of findings) counts[finding.severity] = (counts[finding.severity] ?? 0) + 1;
console.log(
  `  testssl.sh findings by severity: ${Object.entries(counts)
    .map(([severity, n]) => `${severity} ${n}`)
    .join(', ')}`,
);
const protocols = findings.filter((f) => /^(SSLv2|SSLv3|TLS1|TLS1_1|TLS1_2|TLS1_3)$/.test(f.id));
console.log(`  protocols: ${protocols.map((f) => `${f.id} ${f.finding}`).join('; ')}`);
for (const finding of findings.filter(
  (f) => (rank[f.severity] ?? 0) >= 1 || f.severity === 'WARN',
)) {
  const why = notAboutTheConfiguration.get(finding.id);
  const note = why ? ` (${why})` : '';
  console.log(`  ${finding.severity} ${finding.id}: ${finding.finding}${note}`);
}
const failing = findings.filter(
  (f) => (rank[f.severity] ?? 0) >= 2 && !notAboutTheConfiguration.has(f.id),
);
process.exit(failing.length ? 1 : 0);
