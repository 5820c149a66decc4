import { InboxRefusal, NOTE_MAX, type Actor } from './inbox-types.js';

/** A note's text as it is kept (trimmed), or the refusal that says what to change. */
export function noteText(body: string): string {
  const text = body.trim();
  if (text === '') throw new InboxRefusal('Write the note first: it is empty.', 'invalid');
  if (text.length > NOTE_MAX) {
    throw new InboxRefusal(
      `Shorten the note to ${NOTE_MAX.toLocaleString('en')} characters or fewer.`,
      'invalid',
    );
  }
  return text;
}

/**
 * Whether `actor` may move a lead owned by `owner` (null: the team) to `to`: a member may take a
 * lead nobody owns and hand back their own; an admin may give any lead to anyone. Throws the
 * refusal that says who can.
 */
export function checkOwnerChange(owner: string | null, to: string | null, actor: Actor): void {
  if (actor.role === 'admin') return;
  const taking = to === actor.username && owner === null;
  const handingBack = to === null && owner === actor.username;
  if (taking || handingBack) return;
  throw new InboxRefusal(
    owner && owner !== actor.username
      ? `${owner} is on this lead: only an admin can give it to someone else.`
      : 'You can take a lead nobody owns, or hand back your own; an admin can assign leads to others.',
    'forbidden',
  );
}
