import type { ReactNode } from 'react';

/**
 * A table's column headings, in order; a heading may be more than text (hidden words). `sorted`:
 * the rows are in the first column's order, which screen readers then announce.
 */
export function ColumnHeads({
  names,
  sorted,
}: {
  names: ReactNode[];
  sorted?: 'ascending' | 'descending';
}) {
  return (
    <thead>
      <tr>
        {names.map((name, i) => (
          <th key={i} scope="col" aria-sort={i === 0 ? sorted : undefined}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The heading of a column of buttons: said to screen readers, not shown. */
export const ACTION_COLUMN = <span className="visually-hidden">Action</span>;
