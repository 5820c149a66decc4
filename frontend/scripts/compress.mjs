// Writes a .gz beside every text file in dist/ (the pages included) for nginx's gzip_static, at
// the highest level, since it is paid once at build time rather than on every request. nginx
// sends the pages only as these files, never compressing one itself: a page is the same bytes for
// every visitor, which BREACH cannot read anything from (infra/nginx/snippets/static-site.conf).
// The output is the same for the same input (no time or name in the gzip header), so the budgets
// (scripts/check-budgets.mjs) are exact.
// No .br: the web image's nginx (the official image) has no brotli module, and Debian's has it
// only as an extra package, so nginx could not send one in either stack.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

export const TEXT_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.css',
  '.svg',
  '.xml',
  '.txt',
  '.json',
  '.map',
]);

/** The .gz of a file's content, or null when it would not be smaller (nginx then sends the file). */
export function gzipFor(source) {
  const compressed = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  return compressed.length < source.length ? compressed : null;
}

/** Writes the .gz of every text file under dir; returns how many it wrote. */
export async function compressTree(dir) {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_EXTENSIONS.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    const compressed = gzipFor(await readFile(file));
    // A .gz that is not smaller only costs disk space.
    if (!compressed) continue;
    await writeFile(`${file}.gz`, compressed);
    count += 1;
  }
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  console.log(`compressed ${await compressTree(dist)} files in dist/ (.gz beside each)`);
}
