import type { EntityManager } from 'typeorm';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { addAccount, writeRole } from '../account.js';
import { User } from '../user.entity.js';
import { SSO_ACTOR, usernameFor, type Admitted } from './sso-rules.js';

/**
 * The account of the provider's user, in the caller's transaction: found by issuer and subject
 * (its address and role following the provider's, the role's change audited), or made now,
 * enrolled, under the first free username its address gives (audited as `users add`).
 */
export async function accountOfProviderUser(
  manager: EntityManager,
  audit: AuditTrail,
  { issuer, subject }: { issuer: string; subject: string },
  admitted: Admitted,
  now: Date,
): Promise<{ id: string; username: string; disabled: boolean }> {
  const pick = ({ id, username, role }: User) => ({ id, username, role });
  const find = async () => {
    const user = await manager.findOne(User, {
      where: { ssoIssuer: issuer, ssoSubject: subject },
      lock: { mode: 'pessimistic_write' },
    });
    return user && { ...pick(user), disabled: user.disabledAt !== null };
  };
  let account = await find();
  if (account) {
    await writeRole(manager, account.id, admitted.role, admitted.email);
    if (account.role !== admitted.role) {
      await audit.record(
        {
          command: 'users role',
          rows: 1,
          actor: SSO_ACTOR,
          details: { username: account.username, role: admitted.role },
        },
        manager,
      );
    }
    return account;
  }
  for (let attempt = 1; !account && attempt <= 50; attempt++) {
    const username = usernameFor(admitted.email, attempt);
    const made = await addAccount(manager, {
      username,
      role: admitted.role,
      email: admitted.email,
      ssoIssuer: issuer,
      ssoSubject: subject,
      enrolledAt: now,
    });
    account = made ? { id: made, username, role: admitted.role, disabled: false } : await find();
    if (made) {
      await audit.record(
        {
          command: 'users add',
          rows: 1,
          actor: SSO_ACTOR,
          email: admitted.email,
          details: { username, role: admitted.role, via: 'single sign-on' },
        },
        manager,
      );
    }
  }
  if (!account) throw new Error('no free username for a new account');
  return account;
}
