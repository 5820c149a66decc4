/** What runs a statement: a DataSource, an EntityManager or a QueryRunner of TypeORM. */
export interface Statements {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * The rows a statement answers, typed as its select list names them: the one place where hand-
 * written SQL's answer gets its type (the entities and the query builder type theirs). For a
 * SELECT, an INSERT … RETURNING, or a WITH that ends in one: TypeORM answers a bare UPDATE or
 * DELETE with [rows, count], which a statement wraps in WITH to read here.
 */
export function rows<T>(on: Statements, sql: string, parameters: unknown[] = []): Promise<T[]> {
  return on.query<T[]>(sql, parameters);
}
