import type { EntityManager } from 'typeorm';
import { rows, type Statements } from '../database/rows.js';

// The one file of leads/ that names the operators' table, users (src/operators/ owns it). leads/
// may not import operators/, which imports leads/ (disabling an account hands its leads back), so
// what leads/ and notifications/ ask of the table is here, in SQL, and in no other file of
// theirs: who owns a lead, who may be given one, who opened it, who hears of a broken promise.
// It is a debt of issue 61 (app/table-owners.ts, OWNERSHIP_DEBTS) kept in one place.

/** An operator a lead can be given to: enrolled, not disabled. */
export interface Assignee {
  id: string;
  username: string;
}

/** SQL: the username of the operator on the lead under `alias`, null for the team's. */
export const ownerNameSql = (alias: string) =>
  `(SELECT u.username FROM users u WHERE u.id = ${alias}.owner_id)`;

/** SQL: the lead under `alias` joined to its owner as `as`, when the account is active. */
export const activeOwnerJoin = (alias: string, as: string) =>
  `LEFT JOIN users ${as} ON ${as}.id = ${alias}.owner_id AND ${as}.disabled_at IS NULL`;

/** SQL: the id of the operator whose username `username` (a placeholder) is, or null. */
export const operatorIdSql = (username: string) =>
  `(SELECT u.id FROM users u WHERE u.username = ${username})`;

/**
 * The operators a lead may be given to, enrolled and not disabled, as Assignees: a query builder
 * by table name, for the caller's conditions and order.
 */
export const activeOperators = (manager: EntityManager) =>
  manager
    .createQueryBuilder()
    .select(['id', 'username'])
    .from('users', 'users')
    .where('disabled_at IS NULL AND enrolled_at IS NOT NULL');

/** An operator was given a lead now: the next one in turn is someone else. */
export async function markAssigned(manager: EntityManager, id: string): Promise<void> {
  await manager.query(`UPDATE users SET last_assigned_at = clock_timestamp() WHERE id = $1`, [id]);
}

/** The addresses of the active admins, by username: an escalation's receivers. */
export async function adminAddresses(db: Statements): Promise<string[]> {
  const admins = await rows<{ email: string }>(
    db,
    `SELECT email FROM users WHERE role = 'admin' AND disabled_at IS NULL AND email IS NOT NULL
    ORDER BY username`,
  );
  return admins.map((admin) => admin.email);
}

/** The ids of every operator but the one named `me`, in id order. */
export async function otherOperatorIds(db: Statements, me = ''): Promise<string[]> {
  const others = await rows<{ id: string }>(
    db,
    `SELECT id FROM users WHERE username <> $1 ORDER BY id`,
    [me],
  );
  return others.map((other) => other.id);
}
