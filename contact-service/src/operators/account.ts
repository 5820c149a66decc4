import { ApiProperty } from '@nestjs/swagger';
import { Refusal, REFUSAL_STATUS } from '../http/refusal.js';
import { AUTO_ASSIGN_ACTOR } from '../leads/lead-owners.js';
import { WATCH_ACTOR } from '../notifications/promise-watch.js';
import type { EntityManager } from 'typeorm';
import { ROLES, User, type Role } from './user.entity.js';

/** An account as an admin sees it (accounts.ts): where it stands, none of its secrets. */
export class Account {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: ROLES, enumName: 'Role' }) role!: Role;
  /** Has set a password and a second factor through an enrolment link. */
  @ApiProperty() enrolled!: boolean;
  @ApiProperty() disabled!: boolean;
  /** Linked to the identity provider's user (issuer and subject): signs in through it. */
  @ApiProperty() linked!: boolean;
  /** May sign in with its password when SSO_REQUIRED=true; each such sign-in alerts the admins. */
  @ApiProperty() breakGlass!: boolean;
  @ApiProperty() createdAt!: Date;
}

export const accountOf = (user: User): Account => ({
  id: user.id,
  username: user.username,
  role: user.role,
  enrolled: user.enrolledAt !== null,
  disabled: user.disabledAt !== null,
  linked: user.ssoSubject !== null,
  breakGlass: user.breakGlass,
  createdAt: user.createdAt,
});

/**
 * What an operator asked for that cannot be done: the message says why. `kind` tells the console
 * which answer it is: input it cannot read, no such account, or a clash with how things stand.
 */
export class AccountError extends Refusal {
  constructor(message: string, kind: 'invalid' | 'missing' | 'conflict' = 'invalid') {
    super(message, REFUSAL_STATUS[kind]);
  }
}

/** What a role that is none of ROLES is told (the console's DTOs check it with IsIn). */
export const ROLE_REFUSAL = `A role is ${ROLES.join(' or ')}.`;

const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

/**
 * The names the product records its own actions under in a lead's history (a lead given in turn,
 * a reminder sent): an account that took one could pass for the system there.
 */
export const SYSTEM_ACTORS: readonly string[] = [AUTO_ASSIGN_ACTOR, WATCH_ACTOR];

const asStored = (text: string) => text.trim().toLowerCase();

/**
 * What is wrong with a username as given, usernameOf's refusal, or null when it is one (a path's
 * username is checked by it: console/dto/).
 */
export function usernameRefusal(text: string): string | null {
  const username = asStored(text);
  if (!USERNAME.test(username)) {
    return 'A username is 2 to 64 characters: letters a-z, digits, dots, dashes and underscores, starting with a letter or digit.';
  }
  if (SYSTEM_ACTORS.includes(username)) {
    return `${username} is the name of the product's own actions in a lead's history: choose another.`;
  }
  return null;
}

/** A username as stored: lower case, 2 to 64 of a-z, 0-9, dot, dash and underscore. */
export function usernameOf(text: string): string {
  const refusal = usernameRefusal(text);
  if (refusal !== null) throw new AccountError(refusal);
  return asStored(text);
}

/** A new account's row: its name and role, and how it signs in (single sign-on's, or a link's). */
export interface NewAccount {
  username: string;
  role: Role;
  breakGlass?: boolean;
  /** Single sign-on's: the provider's user, its address, and enrolled from the start. */
  email?: string;
  ssoIssuer?: string;
  ssoSubject?: string;
  enrolledAt?: Date;
}

/**
 * The one place an operator's role is written (users.role), for an admin (accounts.ts) and for
 * single sign-on (sso/), each of which audits the change in the same transaction.
 *
 * addAccount: a new account with its role; answers its id, or null when its username (or its
 * provider's user) has an account already, leaving the transaction usable (orIgnore: ON CONFLICT
 * DO NOTHING). The insert is a common table expression that a select reads, in one statement:
 * its RETURNING typed, which execute() answers untyped.
 */
export async function addAccount(
  manager: EntityManager,
  account: NewAccount,
): Promise<string | null> {
  const insert = manager
    .createQueryBuilder()
    .insert()
    .into(User)
    .values({
      username: account.username,
      role: account.role,
      breakGlass: account.breakGlass ?? false,
      email: account.email ?? null,
      ssoIssuer: account.ssoIssuer ?? null,
      ssoSubject: account.ssoSubject ?? null,
      enrolledAt: account.enrolledAt ?? null,
    })
    .orIgnore()
    .returning(['id']);
  const added = await manager
    .createQueryBuilder()
    .addCommonTableExpression(insert, 'added')
    .select('added.id', 'id')
    .from('added', 'added')
    .getRawOne<{ id: string }>();
  return added?.id ?? null;
}

/** An account's role from now on (and its address, when single sign-on gives it). */
export async function writeRole(
  manager: EntityManager,
  userId: string,
  role: Role,
  email?: string,
): Promise<void> {
  await manager.update(User, userId, { role, ...(email === undefined ? {} : { email }) });
}
