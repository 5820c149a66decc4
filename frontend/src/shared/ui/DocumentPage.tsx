import type { ReactNode } from 'react';

interface DocumentPageProps {
  title: string;
  /** A line under the title, such as the date of the last update. */
  meta?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}

/** The layout of the text pages: about, legal and accessibility. */
export function DocumentPage({ title, meta, lead, children }: DocumentPageProps) {
  return (
    <article className="document container">
      <header className="document-header">
        <h1>{title}</h1>
        {meta && <p className="document-meta">{meta}</p>}
        {lead && <p className="document-lead">{lead}</p>}
      </header>
      <div className="document-body">{children}</div>
    </article>
  );
}
