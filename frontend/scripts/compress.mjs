// Writes a .gz beside every text asset in dist/ for nginx's gzip_static, at the highest level,
// since it is paid once at build time rather than on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json', '.map']);

let count = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT_EXTENSIONS.has(extname(entry.name))) continue;
  const file = join(entry.parentPath, entry.name);
  const source = await readFile(file);
  const compressed = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  // A .gz that is not smaller only costs disk space; nginx then serves the original.
  if (compressed.length >= source.length) continue;
  await writeFile(`${file}.gz`, compressed);
  count += 1;
}
console.log(`compressed ${count} files in dist/ (.gz beside each)`);
