// What every channel shares: how a failed delivery is told, and a bounded JSON POST.

/** A failed delivery; `permanent` stops the retries (a receiver that answered 410 Gone). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Text that goes into a one-line place (a subject, a name): no control characters at all. */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
}

/** POSTs JSON with a bound on the wait; a non-2xx answer is a DeliveryError (410: permanent). */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  receiver: string,
  timeoutMs = 15_000,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const cause =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : (error as Error).message;
    throw new DeliveryError(`${receiver} could not be reached: ${cause}`);
  }
  await response.body?.cancel();
  if (response.ok) return;
  throw new DeliveryError(
    `${receiver} answered ${response.status}${response.status === 410 ? ' Gone: no more attempts' : ''}`,
    response.status === 410,
  );
}
