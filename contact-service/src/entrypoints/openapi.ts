// `npm run openapi -w contact-service`: writes the console's API document to the contract
// (contract/console-api.json), from which the console's client is generated (make openapi).
// With --check it writes nothing and fails when the committed document is not the service's.
import { readFileSync, writeFileSync } from 'node:fs';
import { consoleApiDocument, documentText } from '../app/console-api-document.js';

const FILE = new URL('../../../../contract/console-api.json', import.meta.url);

const text = documentText(await consoleApiDocument());
if (process.argv.includes('--check')) {
  if (readFileSync(FILE, 'utf8') !== text) {
    console.error(
      'contract/console-api.json is not what the service describes: run make openapi and commit it',
    );
    process.exit(1);
  }
  console.log('contract/console-api.json is the service’s');
} else {
  writeFileSync(FILE, text);
  console.log('wrote contract/console-api.json');
}
