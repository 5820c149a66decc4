import { minify } from '@swc/core';
import type { Plugin } from 'vite';

/**
 * One more compression pass, by swc, over the client chunks that `only` names, before Vite's own
 * minifier (oxc) minifies every chunk as usual. swc does what oxc does not: it inlines the
 * functions called once (web-vitals' onLCP, onINP, onCLS, onTTFB, the attribution's helpers) and
 * the properties of an object that is only read (the contract's bounds). On the field
 * measurements, the whole script of a page without islands, that is 42 bytes gzip less (3,281 to
 * 3,239: frontend/README.md, "Field measurements"). Not on the other chunks: on React's it is
 * larger (mount-island, +660 bytes), and they have budgets to spare.
 *
 * It runs on a chunk's code as rendered, so the chunk's hashed name is that of its final bytes.
 * No mangling here: oxc mangles the names afterwards.
 */
export function compressChunk(only: (chunk: { facadeModuleId: string | null }) => boolean): Plugin {
  return {
    name: 'compress-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    renderChunk: {
      order: 'post',
      async handler(code, chunk) {
        if (!only(chunk)) return null;
        const sourceMap = Boolean(this.environment.config.build.sourcemap);
        const output = await minify(code, {
          module: true,
          ecma: 2022,
          compress: { passes: 2 },
          mangle: false,
          sourceMap,
        });
        return { code: output.code, map: output.map ?? null };
      },
    },
  };
}
