import { describe, expect, it } from '@jest/globals';
import { compressChunk } from './compress-chunk.ts';

// A chunk as Rolldown renders it: a function called once, an object only read, an export.
const code = [
  'const limits = { parameter: 200, path: 500 };',
  'function cut(value) { return value.slice(0, limits.parameter); }',
  'function report(value) { return [cut(value), limits.path]; }',
  'export const seen = report(globalThis.location?.search ?? "");',
  'export { report as r };',
].join('\n');

type Handler = (
  this: unknown,
  code: string,
  chunk: { facadeModuleId: string | null },
) => Promise<{ code: string } | null>;

function run(only: (chunk: { facadeModuleId: string | null }) => boolean, facadeModuleId: string) {
  const plugin = compressChunk(only);
  const { handler } = plugin.renderChunk as unknown as { handler: Handler };
  const context = { environment: { config: { build: { sourcemap: false } } } };
  return handler.call(context, code, { facadeModuleId });
}

describe('the compression pass before the minifier', () => {
  const only = (chunk: { facadeModuleId: string | null }) => chunk.facadeModuleId === '/m.ts';

  it('leaves every chunk but the one it is given alone', async () => {
    await expect(run(only, '/other.ts')).resolves.toBeNull();
  });

  it('inlines what is used once and keeps what the chunk exports and does', async () => {
    const output = await run(only, '/m.ts');
    expect(output).not.toBeNull();
    expect(output!.code.length).toBeLessThan(code.length);
    expect(output!.code).not.toContain('limits');
    expect(output!.code).toMatch(/export\s*\{[^}]*\bas r\b/);
    expect(output!.code).toMatch(/export\s+(?:const|let|var)\s+seen\b/);
  });

  it('runs on the client build only, not on the server bundle', () => {
    const plugin = compressChunk(only);
    const applies = plugin.applyToEnvironment as (environment: unknown) => boolean;
    expect(applies({ config: { consumer: 'client' } })).toBe(true);
    expect(applies({ config: { consumer: 'server' } })).toBe(false);
  });
});
