// `npm run openapi -w contact-service`: writes the service's two API documents to the contract:
// contract/contact-api.json (the public API) and contract/console-api.json (the console's, from
// which the console's client is generated: make openapi). With --check it writes nothing and
// fails when a committed document is not the service's.
import { readFileSync, writeFileSync } from 'node:fs';
import { consoleApiDocument, contactApiDocument, documentText } from '../app/api-documents.js';

const documents = {
  'contact-api.json': contactApiDocument,
  'console-api.json': consoleApiDocument,
};

let stale = false;
for (const [name, describe] of Object.entries(documents)) {
  const file = new URL(`../../../../contract/${name}`, import.meta.url);
  const text = documentText(await describe());
  if (!process.argv.includes('--check')) {
    writeFileSync(file, text);
    console.log(`wrote contract/${name}`);
  } else if (readFileSync(file, 'utf8') !== text) {
    console.error(
      `contract/${name} is not what the service describes: run make openapi and commit it`,
    );
    stale = true;
  } else {
    console.log(`contract/${name} is the service’s`);
  }
}
if (stale) process.exit(1);
