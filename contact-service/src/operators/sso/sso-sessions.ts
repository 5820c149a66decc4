import { Injectable } from '@nestjs/common';
import { writeRole } from '../account.js';
import { ConsoleSession } from '../console-session.entity.js';
import { User, type Role } from '../user.entity.js';
import type { Operator } from '../sessions.js';
import { ProviderRefusal } from './relying-party.js';
import { SSO_ACTOR, SsoPart } from './single-sign-on.js';
import { decideAccess, hasGroups } from './sso-rules.js';

/**
 * The life of the console's sessions under single sign-on (docs/operating.md "Single sign-on"):
 * - each session started through the provider asks it again every OIDC_RECHECK_MINUTES (its
 *   refresh token, or the userinfo): a user disabled or removed there, or no longer in a group
 *   that gives a role, loses the session; a provider that cannot be asked keeps it one period;
 * - a logout token from the provider (Back-Channel Logout 1.0) ends its sessions at once
 *   (backchannel-logout.ts);
 * - with SSO_REQUIRED=true, a session not started through it ends unless its account is
 *   break-glass;
 * - sign-out ends the provider's session too (RP-initiated logout).
 * Every ending is in the audit trail.
 */
/** A session taken for its re-check: when it was checked before, and its sealed tokens. */
interface Claimed {
  before: Date;
  tokens: Buffer | null;
}

@Injectable()
export class SsoSessions extends SsoPart {
  private get required(): boolean {
    return this.settings?.required ?? false;
  }

  /**
   * Whether the session may go on: with SSO_REQUIRED=true, one not started through the provider
   * only for a break-glass account; one started through it, once OIDC_RECHECK_MINUTES have passed,
   * only when the provider still says yes. A session that may not is ended here.
   */
  async admit(operator: Operator): Promise<boolean> {
    if (!operator.ssoCheckedAt) {
      if (!this.required || operator.breakGlass) return true;
      await this.end(operator, 'single sign-on required');
      return false;
    }
    if (!this.settings || !this.party) {
      await this.end(operator, 'single sign-on is no longer configured');
      return false;
    }
    const due = this.now().getTime() - this.settings.recheckMs;
    if (new Date(operator.ssoCheckedAt).getTime() > due) return true;
    return this.recheck(operator, new Date(due));
  }

  /** Where the browser goes to end the provider's session as well, after the console's. */
  async endSessionUrl(operator: Operator): Promise<string | undefined> {
    if (!operator.ssoCheckedAt || !this.party) return undefined;
    const row = await this.dataSource.manager.findOne(ConsoleSession, {
      select: { idHash: true, ssoTokens: true },
      where: { idHash: operator.sessionHash },
    });
    // Without the ID token (sealed under an earlier key), the provider asks the person to confirm.
    return this.party.endSessionUrl(
      row?.ssoTokens ? this.tokens.open(row.ssoTokens)?.idToken : undefined,
    );
  }

  private async recheck(operator: Operator, due: Date): Promise<boolean> {
    const claimed = await this.claim(operator.sessionHash, due);
    if (!claimed) return true;
    const kept = claimed.tokens ? this.tokens.open(claimed.tokens) : {};
    if (!kept) {
      await this.end(
        operator,
        'its tokens were sealed under another CONSOLE_SECRET_KEY: sign in again',
      );
      return false;
    }
    const user = await this.dataSource.manager.findOne(User, {
      select: { id: true, ssoSubject: true, role: true },
      where: { id: operator.userId },
    });
    try {
      let claims: Record<string, unknown>;
      if (kept.refresh) {
        const fresh = await this.party!.refresh(kept.refresh);
        claims = await this.party!.claimsOf(fresh, this.settings!.rules.groupsClaim);
        await this.dataSource.manager.update(ConsoleSession, operator.sessionHash, {
          ssoTokens: this.tokens.seal({ ...fresh, idToken: fresh.idToken ?? kept.idToken }),
        });
      } else if (kept.access && (kept.accessExpiresAt ?? 0) > Date.now() && user?.ssoSubject) {
        claims = await this.party!.userInfo(kept.access, user.ssoSubject);
      } else {
        await this.end(operator, 'nothing left to ask the provider with: sign in again');
        return false;
      }
      // What the provider says now decides again when it says enough (an address and groups).
      if (typeof claims.email === 'string' && hasGroups(claims, this.settings!.rules.groupsClaim)) {
        const decision = decideAccess(claims, { ...this.settings!.rules, requiredAcr: [] });
        if ('refused' in decision) {
          await this.end(operator, `provider: ${decision.refused} (${decision.detail})`);
          return false;
        }
        if (user && decision.role !== user.role) {
          await this.follow(operator, decision.role);
          return false;
        }
      }
      return true;
    } catch (error) {
      if (error instanceof ProviderRefusal) {
        await this.end(operator, `provider refused: ${error.message}`);
        return false;
      }
      // The provider cannot be asked: the session goes on for one more period, not longer.
      await this.dataSource.manager.update(ConsoleSession, operator.sessionHash, {
        ssoCheckedAt: claimed.before,
      });
      if (new Date(claimed.before).getTime() > due.getTime() - this.settings!.recheckMs)
        return true;
      await this.end(operator, `provider unavailable: ${(error as Error).message}`);
      return false;
    }
  }

  /**
   * One request of the session asks; the others at the same moment go on with it. In one
   * statement, the session is taken when its re-check is due and no other request holds it (SKIP
   * LOCKED), and marked checked now; the select answers its check before and its tokens, typed.
   */
  private claim(sessionHash: string, due: Date): Promise<Claimed | undefined> {
    const builder = () => this.dataSource.createQueryBuilder();
    const old = builder()
      .select('old.idHash', 'id_hash')
      .addSelect('old.ssoCheckedAt', 'before')
      .from(ConsoleSession, 'old')
      .where('old.idHash = :sessionHash AND old.ssoCheckedAt <= :due', { sessionHash, due })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked');
    const marked = builder()
      .update(ConsoleSession)
      .set({ ssoCheckedAt: this.now() })
      .where('idHash IN (SELECT id_hash FROM old)')
      .returning(['idHash', 'ssoTokens']);
    return builder()
      .addCommonTableExpression(old, 'old')
      .addCommonTableExpression(marked, 'marked')
      .select('old.before', 'before')
      .addSelect('marked.sso_tokens', 'tokens')
      .from('marked', 'marked')
      .innerJoin('old', 'old', 'old.id_hash = marked.id_hash')
      .getRawOne<Claimed>();
  }

  /** The role the groups give now; the account's sessions end (its role is read at sign-in). */
  private async follow(operator: Operator, role: Role): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await writeRole(manager, operator.userId, role);
      await manager.delete(ConsoleSession, { userId: operator.userId });
      await this.audit.record(
        {
          command: 'users role',
          rows: 1,
          actor: SSO_ACTOR,
          details: { username: operator.username, role },
        },
        manager,
      );
    });
  }

  private async end(operator: Operator, reason: string): Promise<void> {
    await this.sessions.endCurrent(operator);
    await this.audit.record({
      command: 'sso session ended',
      rows: 1,
      actor: operator.username,
      details: { reason: reason.slice(0, 300) },
    });
  }
}
