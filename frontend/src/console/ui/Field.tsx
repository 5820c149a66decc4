import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  hint?: string;
  /** Set when the last attempt failed: the field is marked invalid and points at the problem. */
  problemId?: string;
}

/**
 * A form's field as the console lays it out: the label of the control whose id is `id`, its hint
 * (id `${id}-hint`, for the control's aria-describedby) when it has one, then the control.
 */
export function Labelled(props: { id: string; label: string; hint?: string; children: ReactNode }) {
  const { id, label, hint, children } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

/** A labelled input with its hint, read out with it. */
export function Field({ label, hint, problemId, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input
        id={id}
        aria-describedby={describedBy}
        aria-invalid={problemId ? true : undefined}
        required
        {...input}
      />
    </Labelled>
  );
}

/** A form's submit button in its row of actions, disabled while the form's request runs. */
export function SubmitActions(props: { busy: boolean; danger?: boolean; children: ReactNode }) {
  return (
    <div className="actions">
      <button type="submit" className={props.danger ? 'danger' : undefined} disabled={props.busy}>
        {props.children}
      </button>
    </div>
  );
}

/** A form's text fields by name, each '' when absent. */
export function formText(form: HTMLFormElement): (name: string) => string {
  const fields = new FormData(form);
  return (name) => String(fields.get(name) ?? '');
}
