// Reads testssl.sh's JSON findings (--jsonfile) and prints what a reviewer asks: the findings by
// severity, the protocols offered, and every finding above INFO. Exits 1 when one above LOW is
// about the configuration. Two never are when the certificate comes from Pebble, Let's Encrypt's
// test CA (--pebble): it signs for five years and names no CRL or OCSP responder, where a public
// CA signs for 90 days and names a CRL.
//   node testssl-summary.mjs FINDINGS.json [--pebble]
import { readFileSync } from 'node:fs';

const [file, flag] = process.argv.slice(2);
const findings = JSON.parse(readFileSync(file, 'utf8'));
const rank = { OK: 0, INFO: 0, WARN: 0, LOW: 1, MEDIUM: 2, HIGH: 3, CRITICAL: 4 };
const aboutPebble =
  flag === '--pebble' ? new Set(['cert_validityPeriod', 'cert_revocation']) : new Set();

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
  const note = aboutPebble.has(finding.id) ? ' (Pebble’s test certificate)' : '';
  console.log(`  ${finding.severity} ${finding.id}: ${finding.finding}${note}`);
}
const failing = findings.filter((f) => (rank[f.severity] ?? 0) >= 2 && !aboutPebble.has(f.id));
process.exit(failing.length ? 1 : 0);
