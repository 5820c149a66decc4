// The packages installed under a node_modules folder, nested ones included: what an image really
// carries. image-sbom.mjs completes a bill of materials with them; check-sbom.mjs holds one
// against them. Run as a script inside an image, it prints `name@version` lines:
// `node list-node-modules.mjs /app/node_modules`.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every installed package (name, version, license) under `folder`, each real folder once. */
export function installedPackages(folder) {
  const seen = new Set();
  const found = [];
  (function walk(dir) {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      const path = join(dir, entry);
      if (entry.startsWith('@')) {
        walk(path);
        continue;
      }
      const manifest = join(path, 'package.json');
      if (!existsSync(manifest)) continue;
      const real = realpathSync(path);
      if (seen.has(real)) continue;
      seen.add(real);
      const { name, version, license } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (name && version) found.push({ name, version, license });
      walk(join(path, 'node_modules'));
    }
  })(folder);
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { name, version } of installedPackages(process.argv[2] ?? '/app/node_modules')) {
    console.log(`${name}@${version}`);
  }
}
