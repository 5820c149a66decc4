import { UsedLogoutToken } from './sso/logout-token.entity.js';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConsoleSession } from './console-session.entity.js';
import { EnvironmentService } from '../config/environment.service.js';
import { RateLimitStorageModule } from '../integrations/rate-limit/rate-limit.module.js';
import { AccountsModule } from './accounts.module.js';
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
import { BackchannelLogout } from './sso/backchannel-logout.js';
import { RelyingParty } from './sso/relying-party.js';
import { SealedTokens } from './sso/sealed-tokens.js';
import { SingleSignOn } from './sso/single-sign-on.js';
import { SsoSessions } from './sso/sso-sessions.js';
import { BreakGlassAlarm } from './break-glass-alarm.js';
import { SealingKeyCheck } from './sealing-key-check.js';

/** The console as the provider's client (OIDC_*); null when single sign-on is off. */
function relyingParty(environment: EnvironmentService): RelyingParty | null {
  const issuer = environment.get('OIDC_ISSUER_URL');
  if (!issuer) return null;
  return new RelyingParty({
    issuer,
    clientId: environment.get('OIDC_CLIENT_ID')!,
    clientSecret: environment.get('OIDC_CLIENT_SECRET')!,
    consoleOrigin: environment.get('CONSOLE_ORIGIN'),
    requiredAcr: environment.get('OIDC_REQUIRED_ACR'),
    scopes: environment.get('OIDC_SCOPES'),
  });
}

/**
 * The operators' console API (served on its own port by app/console.factory.ts): sign-in with a
 * second factor, enrolment, the operator's own account, and the admins' routes. ConsoleGuard
 * guards every route.
 */
@Module({
  // The rate limits' shared counts: the back-channel logout's limit per provider.
  imports: [
    AccountsModule,
    RateLimitStorageModule,
    TypeOrmModule.forFeature([ConsoleSession, UsedLogoutToken]),
  ],
  controllers: [
    SessionController,
    SsoController,
    EnrolmentController,
    AccountController,
    AdminController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: ConsoleGuard },
    // Two values made from settings: the key that seals second factors, and the provider's
    // client, which is null when single sign-on is off.
    {
      provide: SecretBox,
      inject: [EnvironmentService],
      useFactory: (environment: EnvironmentService) =>
        new SecretBox(environment.get('CONSOLE_SECRET_KEY')!),
    },
    { provide: RelyingParty, inject: [EnvironmentService], useFactory: relyingParty },
    Sessions,
    Passkeys,
    SignInThrottle,
    SignIn,
    BreakGlassAlarm,
    SealingKeyCheck,
    SealedTokens,
    SingleSignOn,
    SsoSessions,
    BackchannelLogout,
    Enrolment,
    OwnAccount,
    LeadPreferencesStore,
  ],
  exports: [Sessions, AccountsModule],
})
export class OperatorsModule {}
