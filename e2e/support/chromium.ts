// Debian's Chromium (never a downloaded browser), with flags that work on these machines
// (shared/ENVIRONMENT.md). Playwright and Lighthouse both launch it this way.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The suite's HTTPS stack has a certificate from Pebble, a test CA: trusted by its issuer's
  // key (e2e/scripts/run-e2e.sh), never by ignoring certificate errors altogether.
  ...(process.env.CHROMIUM_TRUSTED_SPKI
    ? [`--ignore-certificate-errors-spki-list=${process.env.CHROMIUM_TRUSTED_SPKI}`]
    : []),
];
