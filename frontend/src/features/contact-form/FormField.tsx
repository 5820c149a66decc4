import type { ChangeEvent } from 'react';

interface FormFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  hint?: string;
  inputRef?: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  onChange: (name: string, value: string) => void;
}

export function FormField({
  id,
  name,
  label,
  value,
  error,
  required = false,
  multiline = false,
  type = 'text',
  autoComplete,
  placeholder,
  maxLength,
  hint,
  inputRef,
  onChange,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const shared = {
    id,
    name,
    value,
    required,
    placeholder,
    maxLength,
    ref: inputRef,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(name, event.target.value),
  };

  return (
    <div className={multiline ? 'field field-wide' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className="field-optional"> (optional)</span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea rows={5} {...shared} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...shared} />
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
