import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditTrail } from '../audit/audit-trail.js';
import { EnvironmentService } from '../config/environment.service.js';
import { Accounts } from './accounts.js';
import { Clock } from './clock.js';
import { LeadPreferencesStore } from './lead-preferences.js';
import { AccountController } from './console/account.controller.js';
import { ConsoleGuard } from './console/access.js';
import { AdminController } from './console/admin.controller.js';
import { EnrolmentController } from './console/enrolment.controller.js';
import { SessionController } from './console/session.controller.js';
import { SsoController } from './console/sso.controller.js';
import { Enrolment } from './enrolment.js';
import { OwnAccount } from './own-account.js';
import { Passkeys } from './passkeys.js';
import { SecretBox } from './secret-box.js';
import { Sessions } from './sessions.js';
import { SignIn } from './sign-in.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { RelyingParty } from './sso/relying-party.js';
import { SealedTokens } from './sso/sealed-tokens.js';
import { SingleSignOn, type SingleSignOnSettings } from './sso/single-sign-on.js';
import { SsoSessions } from './sso/sso-sessions.js';
import { providerNameOf } from './sso/sso-rules.js';
import { BreakGlassAlarm } from './break-glass-alarm.js';
import { SealingKeyCheck } from './sealing-key-check.js';

const DATA = getDataSourceToken();
/** What the console calls itself to authenticator apps and passkey prompts. */
const CONSOLE_NAME = 'Proposals console';
const settings = (environment: EnvironmentService) => ({
  key: environment.get('CONSOLE_SECRET_KEY')!,
  origin: environment.get('CONSOLE_ORIGIN'),
  limits: {
    idleMs: environment.get('SESSION_IDLE_MINUTES') * 60_000,
    maxMs: environment.get('SESSION_MAX_HOURS') * 3600_000,
  },
});

/** The console as the provider's client (OIDC_*); null when single sign-on is off. */
function relyingParty(environment: EnvironmentService): RelyingParty | null {
  const issuer = environment.get('OIDC_ISSUER_URL');
  if (!issuer) return null;
  return new RelyingParty({
    issuer,
    clientId: environment.get('OIDC_CLIENT_ID')!,
    clientSecret: environment.get('OIDC_CLIENT_SECRET')!,
    consoleOrigin: settings(environment).origin,
    requiredAcr: environment.get('OIDC_REQUIRED_ACR'),
    scopes: environment.get('OIDC_SCOPES'),
  });
}

function ssoSettings(environment: EnvironmentService): SingleSignOnSettings | undefined {
  const issuer = environment.get('OIDC_ISSUER_URL');
  if (!issuer) return undefined;
  return {
    rules: {
      allowedDomains: environment.get('OIDC_ALLOWED_DOMAINS'),
      groupsClaim: environment.get('OIDC_GROUPS_CLAIM'),
      adminGroups: environment.get('OIDC_ADMIN_GROUPS'),
      memberGroups: environment.get('OIDC_MEMBER_GROUPS'),
      requiredAcr: environment.get('OIDC_REQUIRED_ACR'),
    },
    providerName: environment.get('OIDC_PROVIDER_NAME') ?? providerNameOf(issuer),
    required: environment.get('SSO_REQUIRED'),
    recheckMs: environment.get('OIDC_RECHECK_MINUTES') * 60_000,
  };
}

/** Single sign-on's two parts (sign-in, sessions), made alike from the same settings. */
function singleSignOnPart<Part>(
  Kind: new (...args: ConstructorParameters<typeof SingleSignOn>) => Part,
) {
  return {
    provide: Kind,
    inject: [DATA, RelyingParty, Sessions, SealedTokens, EnvironmentService, Clock],
    useFactory: (
      data: DataSource,
      party: RelyingParty | null,
      sessions: Sessions,
      tokens: SealedTokens,
      environment: EnvironmentService,
      clock: Clock,
    ) =>
      new Kind(data, party ?? undefined, sessions, tokens, ssoSettings(environment), () =>
        clock.now(),
      ),
  };
}

/**
 * The operators' console API (served on its own port by app/console.factory.ts): sign-in with a
 * second factor, enrolment, the operator's own account, and the admins' routes. ConsoleGuard
 * guards every route.
 */
@Module({
  controllers: [
    SessionController,
    SsoController,
    EnrolmentController,
    AccountController,
    AdminController,
  ],
  providers: [
    Clock,
    { provide: APP_GUARD, useClass: ConsoleGuard },
    {
      provide: SecretBox,
      inject: [EnvironmentService],
      useFactory: (environment: EnvironmentService) => new SecretBox(settings(environment).key),
    },
    {
      provide: Sessions,
      inject: [DATA, EnvironmentService, Clock],
      useFactory: (data: DataSource, environment: EnvironmentService, clock: Clock) =>
        new Sessions(data, settings(environment).limits, () => clock.now()),
    },
    {
      provide: Passkeys,
      inject: [EnvironmentService, Clock],
      useFactory: (environment: EnvironmentService, clock: Clock) =>
        new Passkeys(settings(environment).origin, settings(environment).key, CONSOLE_NAME, () =>
          clock.now(),
        ),
    },
    {
      provide: SignIn,
      inject: [DATA, SecretBox, Sessions, Passkeys, EnvironmentService, Clock],
      useFactory: (
        data: DataSource,
        box: SecretBox,
        sessions: Sessions,
        passkeys: Passkeys,
        environment: EnvironmentService,
        clock: Clock,
      ) => {
        const now = () => clock.now();
        return new SignIn(
          data,
          box,
          sessions,
          passkeys,
          new SignInThrottle(data, now),
          settings(environment).key,
          now,
          { ssoRequired: environment.get('SSO_REQUIRED') },
        );
      },
    },
    BreakGlassAlarm,
    SealingKeyCheck,
    {
      provide: SealedTokens,
      inject: [SecretBox],
      useFactory: (box: SecretBox) => new SealedTokens(box),
    },
    {
      provide: RelyingParty,
      inject: [EnvironmentService],
      useFactory: (environment: EnvironmentService) => relyingParty(environment),
    },
    singleSignOnPart(SingleSignOn),
    singleSignOnPart(SsoSessions),
    {
      provide: Enrolment,
      inject: [DATA, SecretBox, Sessions, Clock],
      useFactory: (data: DataSource, box: SecretBox, sessions: Sessions, clock: Clock) =>
        new Enrolment(data, box, sessions, CONSOLE_NAME, () => clock.now()),
    },
    {
      provide: OwnAccount,
      inject: [DATA, SecretBox, Sessions, Passkeys, Clock],
      useFactory: (
        data: DataSource,
        box: SecretBox,
        sessions: Sessions,
        passkeys: Passkeys,
        clock: Clock,
      ) => new OwnAccount(data, box, sessions, passkeys, () => clock.now()),
    },
    {
      provide: Accounts,
      inject: [DATA, Clock],
      useFactory: (data: DataSource, clock: Clock) => new Accounts(data, () => clock.now()),
    },
    { provide: AuditTrail, inject: [DATA], useFactory: (data: DataSource) => new AuditTrail(data) },
    {
      provide: LeadPreferencesStore,
      inject: [DATA],
      useFactory: (data: DataSource) => new LeadPreferencesStore(data),
    },
  ],
  exports: [Clock, Sessions, AuditTrail],
})
export class OperatorsModule {}
