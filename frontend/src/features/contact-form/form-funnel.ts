import { sendMeasurement } from '../../shared/measurements';

/** Which form a funnel step belongs to. */
export type FunnelForm = 'contact' | 'accessibility';

/**
 * The form's funnel, counted by the service (POST /api/measurements) without identifying
 * anyone: how many forms were seen, started, submitted (passed the form's own checks and were
 * sent), and how the service answered: accepted (201), refused (4xx: invalid, too many) or
 * failed (anything else: a 5xx, no connection). A drop between two steps shows on /metrics.
 */
export type FunnelStep = 'seen' | 'started' | 'submitted' | 'accepted' | 'refused' | 'failed';

export function countFunnelStep(form: FunnelForm, step: FunnelStep): void {
  sendMeasurement({ funnel: { form, step } });
}

/** Counts "seen" once, when at least half of the form has been on screen. */
export function countWhenSeen(form: FunnelForm, element: HTMLElement): void {
  if (typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      countFunnelStep(form, 'seen');
    },
    { threshold: 0.5 },
  );
  observer.observe(element);
}

/** A failed submission's step, from RTK Query's error: an HTTP status, or none at all. */
export function funnelStepOfFailure(error: unknown): FunnelStep {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? 'refused' : 'failed';
}
