// The drill's visitors: POSTs of the contact form to the two API replicas from many addresses
// (one of them repeated, so that the rate limit answers too), each with a client's timeout, and
// how their answers are counted.

const REPLICAS = ['http://127.0.0.1:3101', 'http://127.0.0.1:3102'];
/** How long a client waits before it counts a hang. */
export const CLIENT_TIMEOUT_MS = 10_000;
/** Every n-th request comes from one address, so the rate limit answers 429 too. */
const REPEAT_EVERY = 10;
/** The replica whose readiness the drill watches. */
export const WATCHED_REPLICA = REPLICAS[0]!;

export interface Answer {
  sentAt: number;
  answeredAt: number;
  status: number | 'reset' | 'timeout';
  retryAfter: boolean;
  id?: string;
}

export async function post(n: number, round: string): Promise<Answer> {
  const sentAt = Date.now();
  const address =
    n % REPEAT_EVERY === 0 ? '203.0.113.77' : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  try {
    const response = await fetch(`${REPLICAS[n % REPLICAS.length]}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({
        name: `Drill Prospect ${n}`,
        email: `drill-${round}-${n}@drill.example`,
        company: 'Failover Drill Capital',
        role: 'Head of Resilience',
        message: `Round ${round}, request ${n}.`,
      }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return {
      sentAt,
      answeredAt: Date.now(),
      status: response.status,
      retryAfter: response.headers.has('retry-after'),
      id: response.status === 201 ? body.id : undefined,
    };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      sentAt,
      answeredAt: Date.now(),
      status: timedOut ? 'timeout' : 'reset',
      retryAfter: false,
    };
  }
}

export const isExpected = (answer: Answer) =>
  answer.status === 201 || answer.status === 429 || (answer.status === 503 && answer.retryAfter);

export function tally(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const key =
      answer.status === 503 && !answer.retryAfter
        ? '503 without Retry-After'
        : String(answer.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (
    [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status} ×${count}`)
      .join(', ') || 'none'
  );
}
