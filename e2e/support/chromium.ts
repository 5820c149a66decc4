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
];
