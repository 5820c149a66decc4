import type { FormEvent } from 'react';

/**
 * A filter as the screen's URL holds it (kind=…&status=…), as its endpoint's parameters: the
 * service reads and checks each (its refusal names the parameter).
 */
export const filterArg = <Arg extends object>(query: string) =>
  Object.fromEntries(new URLSearchParams(query)) as Arg;

/** What a filter form of a screen takes: the URL's filter now, and what to do with a new one. */
export interface UrlFilterProps {
  filter: URLSearchParams;
  onApply: (next: URLSearchParams) => void;
}

/**
 * The submit handler of a screen's filter form, which lives in the URL's query (so a view can be
 * bookmarked and shared): the named fields that hold something, trimmed; empty ones filter nothing.
 */
export const applyFilter =
  (names: readonly string[], onApply: (next: URLSearchParams) => void) =>
  (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of names) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim() !== '') next.set(name, value.trim());
    }
    onApply(next);
  };
