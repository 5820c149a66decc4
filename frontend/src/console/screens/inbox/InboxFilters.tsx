import { useEffect, useId, useRef, useState } from 'react';
import { applyFilter, type UrlFilterProps } from '../../ui/url-filter';
import { ALL_STATUSES, KIND_LABELS, STATUS_LABELS, UNOWNED } from './words';

/** The names of the filter's fields, as the URL and the service's API name them. */
const FIELDS = ['q', 'kind', 'status', 'owner', 'due', 'from', 'to', 'unread', 'spam'] as const;
/** The filter's two switches, each sent as `name=true` when ticked. */
const CHECKS = [
  ['unread', 'Unread only'],
  ['spam', 'Suspected spam instead'],
] as const;

/**
 * The inbox's filter, read from and written to the URL's query (so a view can be bookmarked and
 * shared): a plain form, applied when sent. On a phone it would fill the first screen before any
 * lead, so below 40rem it sits behind a "Filters (2)" disclosure button, closed until opened
 * (console.css); wider, the button is not shown and the form always is.
 */
export function InboxFilters({ filter, onApply }: UrlFilterProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const apply = applyFilter(FIELDS, onApply);
  const value = (name: string) => filter.get(name) ?? '';
  const active = FIELDS.filter((name) => value(name) !== '').length;
  // The form is drawn anew for each filter (its fields show the URL's): the button that applied
  // it is gone, so focus comes back to the same place rather than to the page's start.
  const toggle = useRef<HTMLButtonElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (toggle.current?.offsetParent) toggle.current.focus();
    else submit.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="secondary filters-toggle"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen(!open)}
      >
        Filters
        {active > 0 && (
          <>
            <span aria-hidden="true">{` (${active})`}</span>
            <span className="visually-hidden">{` (${active} active)`}</span>
          </>
        )}
      </button>
      <form
        id={`${id}-filters`}
        className={open ? 'filters' : 'filters collapsed'}
        role="search"
        aria-label="Filter the inbox"
        onSubmit={apply}
      >
        <div className="field wide">
          <label htmlFor={`${id}-q`}>Search</label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            maxLength={200}
            defaultValue={value('q')}
            aria-describedby={`${id}-q-hint`}
          />
          <p id={`${id}-q-hint`} className="hint">
            Name, company, role, email or message; accents do not matter.
          </p>
        </div>
        <Select id={`${id}-kind`} name="kind" label="Kind" value={value('kind')}>
          <option value="">All kinds</option>
          {Object.entries(KIND_LABELS).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </Select>
        <Select id={`${id}-status`} name="status" label="Status" value={value('status')}>
          <option value="">Any status</option>
          {ALL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
        <Select id={`${id}-owner`} name="owner" label="Owner" value={value('owner')}>
          <option value="">Anyone</option>
          <option value="mine">Mine</option>
          <option value="unowned">{UNOWNED}</option>
        </Select>
        <Select
          id={`${id}-due`}
          name="due"
          label="Promise due"
          value={value('due')}
          description="Call-backs promised to contact requests, answers promised to accessibility feedback."
        >
          <option value="">Any time</option>
          <option value="overdue">Overdue</option>
          <option value="soon">Due soon</option>
          <option value="today">Due today</option>
        </Select>
        <div className="field">
          <label htmlFor={`${id}-from`}>Received from</label>
          <input id={`${id}-from`} name="from" type="date" defaultValue={value('from')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>Received until</label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={value('to')} />
        </div>
        <div className="checks">
          {CHECKS.map(([name, label]) => (
            <label key={name}>
              <input
                name={name}
                type="checkbox"
                value="true"
                defaultChecked={value(name) === 'true'}
              />{' '}
              {label}
            </label>
          ))}
        </div>
        <div className="actions">
          <button ref={submit} type="submit">
            Apply filter
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => onApply(new URLSearchParams())}
          >
            Clear
          </button>
        </div>
      </form>
    </>
  );
}

function Select({
  id,
  name,
  label,
  value,
  description,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  /**
   * Said to a screen reader with the field. The label says it in short for the eye: a hint under
   * one field of the bar made it taller than the others.
   */
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-describedby={description ? `${id}-description` : undefined}
      >
        {children}
      </select>
      {description && (
        <span id={`${id}-description`} className="visually-hidden">
          {description}
        </span>
      )}
    </div>
  );
}
