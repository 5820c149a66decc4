import { useId } from 'react';
import { Labelled } from '../../ui/Field';
import { applyFilter, type UrlFilterProps } from '../../ui/url-filter';

/** The names of the filter's fields, as the URL and the service's API name them. */
export const AUDIT_FILTERS = ['command', 'actor', 'email', 'from', 'to'] as const;

/**
 * The audit trail's filter, read from and written to the URL's query (so a view can be
 * bookmarked and shared): a plain form, applied when sent; empty fields filter nothing.
 */
export function AuditFilters({ filter, onApply }: UrlFilterProps) {
  const id = useId();
  const apply = applyFilter(AUDIT_FILTERS, onApply);
  const value = (name: string) => filter.get(name) ?? '';
  const field = (
    name: (typeof AUDIT_FILTERS)[number],
    label: string,
    input: { type: string; maxLength?: number },
    hint?: string,
  ) => (
    <Labelled id={`${id}-${name}`} label={label} hint={hint}>
      <input
        id={`${id}-${name}`}
        name={name}
        defaultValue={value(name)}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        {...input}
      />
    </Labelled>
  );
  return (
    <form className="filters" role="search" aria-label="Filter the audit trail" onSubmit={apply}>
      {field('command', 'What', { type: 'text', maxLength: 32 }, 'Exactly: users add, erase…')}
      {field('actor', 'Who', { type: 'text', maxLength: 200 }, 'A username, or user@host.')}
      {field('email', 'About the address', { type: 'email', maxLength: 254 }, 'In any case.')}
      {field('from', 'From (UTC day)', { type: 'date' })}
      {field('to', 'Until (UTC day)', { type: 'date' })}
      <div className="actions">
        <button type="submit">Apply filter</button>
        <button type="button" className="secondary" onClick={() => onApply(new URLSearchParams())}>
          Clear
        </button>
      </div>
    </form>
  );
}
