import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OWNERSHIP_DEBTS, TABLE_OWNERS, type Table } from './table-owners.js';

// Reads the service's sources as text, as the architecture's other checks do: which file names
// a table in SQL (a statement, or a query builder on the table's name), and which uses the
// entity class mapped to it. Comments are left out; tests, migrations and the app's own map are
// not product code that reaches a table.
const src = join(__dirname, '..');
const tables = Object.keys(TABLE_OWNERS) as Table[];

function sources(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [relative(src, path)] : [];
  });
}

/** The text of a file without its comments (a doc comment may name a table in prose). */
export function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The tables a text names in SQL: after a keyword that takes a table, or to a query builder. */
export function sqlTables(text: string): Set<Table> {
  const found = new Set<Table>();
  for (const table of tables) {
    const statement = new RegExp(
      `\\b(FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE|REFERENCES|LOCK)\\s+(ONLY\\s+)?(public\\.)?"?${table}\\b`,
      'i',
    );
    const builder = new RegExp(`\\.(from|into|update|delete\\(\\)\\.from)\\(\\s*'${table}'`);
    if (statement.test(text) || builder.test(text)) found.add(table);
  }
  return found;
}

/** The entity classes of the sources: class name → table, and the file that declares it. */
function entities(files: Map<string, string>): Map<string, { table: Table; file: string }> {
  const found = new Map<string, { table: Table; file: string }>();
  for (const [file, text] of files) {
    const declared = /@Entity\(\{\s*name:\s*'(\w+)'[^)]*\)\s*(?:export\s+)?class\s+(\w+)/g;
    for (const [, table, name] of text.matchAll(declared)) {
      found.set(name!, { table: table as Table, file });
    }
  }
  return found;
}

interface Reach {
  file: string;
  table: Table;
  style: 'entity' | 'sql';
}

function reaches(): { found: Reach[]; entityClasses: Map<string, { table: Table; file: string }> } {
  const files = new Map(
    sources().map((file) => [file, code(readFileSync(join(src, file), 'utf8'))]),
  );
  files.delete('app/table-owners.ts');
  const entityClasses = entities(files);
  const found: Reach[] = [];
  for (const [file, text] of files) {
    for (const table of sqlTables(text)) found.push({ file, table, style: 'sql' });
    const viaEntity = new Set<Table>();
    for (const [name, { table }] of entityClasses) {
      if (new RegExp(`\\b${name}\\b`).test(text)) viaEntity.add(table);
    }
    for (const table of viaEntity) found.push({ file, table, style: 'entity' });
  }
  return { found, entityClasses };
}

const ownerOf = (file: string) => file.split('/')[0]!;
/** Where a reach breaks the map: outside the owner, or inside it in the other style. */
const breaks = ({ file, table, style }: Reach) =>
  ownerOf(file) !== TABLE_OWNERS[table].owner || style !== TABLE_OWNERS[table].style;

describe('one owner per table', () => {
  const { found, entityClasses } = reaches();

  it('names every table the migrations create, and no other', () => {
    const migrations = join(src, 'database/migrations');
    const created = new Set<string>();
    for (const file of readdirSync(migrations)) {
      const text = readFileSync(join(migrations, file), 'utf8');
      for (const [, table] of text.matchAll(
        /CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?"?(\w+)/g,
      )) {
        created.add(table!);
      }
    }
    expect(new Set(tables)).toEqual(created);
  });

  it('maps each table to at most one entity class, declared in its owner', () => {
    const classesOf = new Map<Table, string[]>();
    for (const [name, { table, file }] of entityClasses) {
      classesOf.set(table, [...(classesOf.get(table) ?? []), `${name} (${file})`]);
      expect(`${table}: ${ownerOf(file)}`).toBe(`${table}: ${TABLE_OWNERS[table].owner}`);
    }
    const twice = [...classesOf].filter(([, classes]) => classes.length > 1);
    expect(twice).toEqual([]);
  });

  it('lets only a table’s owner reach it, in the table’s style', () => {
    const listed = (reach: Reach) => OWNERSHIP_DEBTS[reach.file]?.includes(reach.table) ?? false;
    const unlisted = found
      .filter((reach) => breaks(reach) && !listed(reach))
      .map(
        ({ file, table, style }) =>
          `src/${file} reaches ${table} by ${style}: it is ${TABLE_OWNERS[table].owner}/'s, by ${TABLE_OWNERS[table].style}`,
      );
    expect(unlisted).toEqual([]);
  });

  it('lists no debt that is paid (strike it from OWNERSHIP_DEBTS)', () => {
    const paid = Object.entries(OWNERSHIP_DEBTS).flatMap(([file, owed]) =>
      owed
        .filter(
          (table) =>
            !found.some((reach) => reach.file === file && reach.table === table && breaks(reach)),
        )
        .map((table) => `${file}: ${table}`),
    );
    expect(paid).toEqual([]);
  });

  it('finds SQL that names a table, and leaves prose alone', () => {
    expect([...sqlTables(`SELECT u.id FROM users u WHERE u.username = $1`)]).toEqual(['users']);
    expect([...sqlTables(`.createQueryBuilder().update('notifications')`)]).toEqual([
      'notifications',
    ]);
    expect([...sqlTables(code(`/** Reads users from the table. */\nconst x = 1;`))]).toEqual([]);
    expect([...sqlTables(`SELECT 1 FROM users_archive`)]).toEqual([]);
  });
});
