// Writes an image's bill of materials (CycloneDX 1.6 JSON) at build time, inside the image's
// Dockerfile: the npm packages the image runs or serves (the BOM of @cyclonedx/cyclonedx-npm
// for one workspace, production dependencies only), Node itself, and every Debian package of
// the image's base (its dpkg database). With --node-modules, a package installed there that the
// npm BOM does not name is added too (npm can install more than a workspace's own tree), so the
// BOM lists what the image really carries. Only Node's own modules: it runs in a bare stage.
//
//   node image-sbom.mjs --image NAME [--npm NPM_BOM] --dpkg-status FILE [--node-modules DIR] --out FILE
//
// Without --npm the image carries no npm package and no Node (the certificates image): its BOM
// is its Debian packages.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { installedPackages } from './list-node-modules.mjs';

const { values: args } = parseArgs({
  options: {
    image: { type: 'string' },
    npm: { type: 'string' },
    'dpkg-status': { type: 'string' },
    'node-modules': { type: 'string' },
    out: { type: 'string' },
  },
});
for (const name of ['image', 'dpkg-status', 'out']) {
  if (!args[name]) throw new Error(`image-sbom.mjs needs --${name}`);
}

const npmBom = args.npm ? JSON.parse(readFileSync(args.npm, 'utf8')) : {};
const distro = osRelease();

/** Installed packages of a dpkg status file (dpkg's database; deb-control(5) paragraphs). */
function debianPackages(statusFile) {
  return readFileSync(statusFile, 'utf8')
    .split(/\n\n+/)
    .map((paragraph) =>
      Object.fromEntries(
        [...paragraph.matchAll(/^([A-Za-z-]+): ?(.*)$/gm)].map(([, key, value]) => [key, value]),
      ),
    )
    .filter((fields) => fields.Package && / installed$/.test(fields.Status ?? ''))
    .map(({ Package: name, Version: version, Architecture: arch }) => {
      // purl's deb type: https://github.com/package-url/purl-spec (the version percent-encoded).
      const purl = `pkg:deb/debian/${name}@${encodeURIComponent(version)}?arch=${arch}&distro=${distro}`;
      return { type: 'library', 'bom-ref': purl, name, version, purl };
    });
}

function osRelease() {
  const text = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  const field = (key) => new RegExp(`^${key}="?([^"\\n]*)"?$`, 'm').exec(text)?.[1];
  return `${field('ID') ?? 'debian'}-${field('VERSION_ID') ?? 'unknown'}`;
}

const node = {
  type: 'platform',
  'bom-ref': `pkg:generic/node@${process.versions.node}`,
  name: 'node',
  version: process.versions.node,
  purl: `pkg:generic/node@${process.versions.node}`,
};
const debian = debianPackages(args['dpkg-status']);

/** Installed packages the npm BOM does not name, as components of their own. */
function unnamedInstalled(folder) {
  const named = new Set();
  (function collect(components = []) {
    for (const c of components) {
      named.add(`${c.group ? `${c.group}/` : ''}${c.name}@${c.version}`);
      collect(c.components);
    }
  })([...(npmBom.components ?? []), npmBom.metadata?.component].filter(Boolean));
  return installedPackages(folder)
    .filter(({ name, version }) => {
      // Once each: the same version may be installed in several folders.
      if (named.has(`${name}@${version}`)) return false;
      named.add(`${name}@${version}`);
      return true;
    })
    .map(({ name, version, license }) => {
      const purl = `pkg:npm/${name.replace('@', '%40')}@${version}`;
      const [group, bare] = name.startsWith('@') ? name.split('/') : [undefined, name];
      return {
        type: 'library',
        'bom-ref': purl,
        ...(group ? { group } : {}),
        name: bare,
        version,
        purl,
        ...(typeof license === 'string' ? { licenses: [{ expression: license }] } : {}),
        properties: [{ name: 'proposal-site:found-in', value: 'node_modules, not npm ls' }],
      };
    });
}
const extra = args['node-modules'] ? unnamedInstalled(args['node-modules']) : [];
const bom = {
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  serialNumber: `urn:uuid:${randomUUID()}`,
  version: 1,
  metadata: {
    timestamp: new Date().toISOString(),
    tools: npmBom.metadata?.tools,
    component: {
      type: 'container',
      'bom-ref': `image:${args.image}`,
      name: args.image,
      // The workspace whose packages the image carries, as cyclonedx-npm described it.
      components: npmBom.metadata?.component ? [npmBom.metadata.component] : undefined,
    },
  },
  components: [...(args.npm ? [node] : []), ...(npmBom.components ?? []), ...extra, ...debian],
  dependencies: npmBom.dependencies,
};
writeFileSync(args.out, `${JSON.stringify(bom, null, 2)}\n`);
console.log(
  `${args.out}: ${args.image}, ${(npmBom.components ?? []).length} npm components${extra.length ? ` and ${extra.length} more installed (${extra.map((c) => `${c.group ? `${c.group}/` : ''}${c.name}`).join(', ')})` : ''}, ${debian.length} Debian packages (${distro})${args.npm ? `, node ${process.versions.node}` : ''}`,
);
