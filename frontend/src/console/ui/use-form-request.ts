import { useState, type FormEvent } from 'react';
import { problemText } from '../api/console-api';
import { formText } from './Field';

type Answer<T> = { data: T } | { error: unknown };

/**
 * A console form that sends one request: `submit` reads the form's text fields, sends what `send`
 * makes of them and, when the request succeeded, empties the form and hands the answer to `done`.
 * `problem` is the last answer's problem in words (null after a success); `succeeded`, whether the
 * last request succeeded (null before the first).
 */
export function useFormRequest<T>(
  send: (text: (name: string) => string) => Promise<Answer<T>>,
  done?: (data: T) => void,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState<boolean | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await send(formText(form));
    setSucceeded(!('error' in result));
    if ('error' in result) return setProblem(problemText(result.error));
    setProblem(null);
    form.reset();
    done?.(result.data);
  };
  return { problem, succeeded, submit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
