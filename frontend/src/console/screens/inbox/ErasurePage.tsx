import { useId, useState, type FormEvent } from 'react';
import { problemText } from '../../api/console-api';
import { useErasurePreviewMutation, useEraseMutation, type Removed } from '../../api/inbox-api';
import { Field, formText, SubmitActions } from '../../ui/Field';
import { PageHeading } from '../../ui/PageHeading';
import { Problem } from '../../ui/Problem';
import { VisitorText } from '../../ui/VisitorText';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * For admins: a person's erasure request. The address first; then what will go, and the address
 * typed again to confirm, as `leads erase` asks.
 */
export function ErasurePage() {
  const id = useId();
  const [preview, previewState] = useErasurePreviewMutation();
  const [erase, eraseState] = useEraseMutation();
  const [found, setFound] = useState<{ email: string; removed: Removed } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const look = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = formText(event.currentTarget)('email');
    setProblem(null);
    setDone('');
    try {
      setFound({ email, removed: await preview({ email }).unwrap() });
    } catch (error) {
      setFound(null);
      setProblem(problemText(error));
    }
  };
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!found) return;
    const typed = formText(event.currentTarget)('confirm');
    setProblem(null);
    try {
      const removed = await erase({ email: found.email, confirm: typed }).unwrap();
      setFound(null);
      setDone(
        `Erased ${plural(removed.submissions, 'submission')} and ${plural(removed.notifications, 'notification')}. The request is recorded in the audit trail.`,
      );
    } catch (error) {
      setProblem(problemText(error));
    }
  };

  return (
    <>
      <PageHeading>Erase a person’s data</PageHeading>
      <p>
        Every submission from the address, in any case, and all their notifications and notes go at
        once. This cannot be undone. The audit trail keeps only a keyed hash of the address.
      </p>
      <form className="stack" onSubmit={(event) => void look(event)}>
        <Field
          label="Their email address"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          problemId={problem && !found ? `${id}-problem` : undefined}
        />
        <SubmitActions busy={previewState.isLoading}>Show what will be erased</SubmitActions>
      </form>
      <Problem id={`${id}-problem`} text={problem} />
      <p role="status">{done}</p>
      {found && found.removed.submissions === 0 && (
        <p>
          Nothing is held about <VisitorText text={found.email} />.
        </p>
      )}
      {found && found.removed.submissions > 0 && (
        <form className="stack panel" onSubmit={(event) => void confirm(event)}>
          <p>
            {plural(found.removed.submissions, 'submission')} and{' '}
            {plural(found.removed.notifications, 'notification')} from{' '}
            <strong>
              <VisitorText text={found.email} />
            </strong>{' '}
            will be erased.
          </p>
          <Field
            label="Type the address again to confirm"
            name="confirm"
            type="email"
            autoComplete="off"
            maxLength={254}
            problemId={problem && found ? `${id}-problem` : undefined}
          />
          <SubmitActions busy={eraseState.isLoading} danger>
            Erase for good
          </SubmitActions>
        </form>
      )}
    </>
  );
}
