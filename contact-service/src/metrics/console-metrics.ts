import { Counter } from 'prom-client';

/**
 * Why the public back-channel logout refused a logout token: a fixed set, so that the label can
 * never grow with what a stranger sends (nothing of the token, its issuer or its subject is kept).
 * `invalid`: its signature or claims do not hold up; `unavailable`: the provider could not be
 * asked (discovery); `replayed`: its jti was used before; `limited`: over the provider's limit,
 * not checked at all (operators/sso/backchannel-logout.ts).
 */
export const LOGOUT_REFUSALS = ['invalid', 'unavailable', 'replayed', 'limited'] as const;
export type LogoutRefusal = (typeof LOGOUT_REFUSALS)[number];

/**
 * The operators' console's counters. The console is a second Nest app in the API's process
 * (app/console.factory.ts) with no /metrics of its own, so its counters are the process's: made
 * once here, in no registry, and added by every MetricsService to its own, so that GET /metrics
 * on the API's port shows them (in the worker they stay at 0). Each reason starts at 0, so that
 * increase() sees the first refusal too.
 */
export const consoleMetrics = {
  logoutRefusals: new Counter({
    name: 'sso_logout_refused_total',
    help: 'Back-channel logout tokens refused, by reason (invalid, unavailable, replayed, limited); never audited.',
    labelNames: ['reason'] as const,
    registers: [],
  }),
};
for (const reason of LOGOUT_REFUSALS) consoleMetrics.logoutRefusals.inc({ reason }, 0);
