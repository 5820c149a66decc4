import { useId, type InputHTMLAttributes } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  hint?: string;
  /** Set when the last attempt failed: the field is marked invalid and points at the problem. */
  problemId?: string;
}

/** A labelled input with its hint, read out with it. */
export function Field({ label, hint, problemId, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, problemId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        aria-describedby={describedBy}
        aria-invalid={problemId ? true : undefined}
        required
        {...input}
      />
    </div>
  );
}

/** A form's text fields by name, each '' when absent. */
export function formText(form: HTMLFormElement): (name: string) => string {
  const fields = new FormData(form);
  return (name) => String(fields.get(name) ?? '');
}
