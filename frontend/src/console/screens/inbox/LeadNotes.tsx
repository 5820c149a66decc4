import { useId, useState, type FormEvent } from 'react';
import { problemText } from '../../api/console-api';
import { useAddNoteMutation, type Lead } from '../../api/inbox-api';
import { Labelled, SubmitActions } from '../../ui/Field';
import { Problem } from '../../ui/Problem';
import { VisitorText } from '../../ui/VisitorText';
import { timeText } from './words';

/** The team's internal notes (plain text), with a form for a new one. */
export function LeadNotes({ lead }: { lead: Lead }) {
  const id = useId();
  const [addNote, state] = useAddNoteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form).get('body');
    setProblem(null);
    try {
      await addNote({
        id: lead.id,
        noteBody: { body: typeof body === 'string' ? body : '' },
      }).unwrap();
      form.reset();
    } catch (error) {
      setProblem(problemText(error));
    }
  };
  return (
    <section aria-labelledby="lead-notes">
      <h2 id="lead-notes">Notes</h2>
      {lead.notes.length === 0 && <p>No notes yet.</p>}
      <ul className="notes">
        {lead.notes.map((note) => (
          <li key={note.id}>
            <p className="muted">
              <VisitorText text={note.author} />, {timeText(note.at)}
            </p>
            <p className="message">
              <VisitorText text={note.body} />
            </p>
          </li>
        ))}
      </ul>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <Labelled
          id={`${id}-note`}
          label="New note"
          hint="For the team only, as plain text; up to 5,000 characters."
        >
          <textarea
            id={`${id}-note`}
            name="body"
            rows={4}
            maxLength={5000}
            required
            aria-describedby={[`${id}-note-hint`, problem ? `${id}-problem` : ''].join(' ').trim()}
            aria-invalid={problem ? true : undefined}
          />
        </Labelled>
        <Problem id={`${id}-problem`} text={problem} />
        <SubmitActions busy={state.isLoading}>Add note</SubmitActions>
      </form>
    </section>
  );
}
