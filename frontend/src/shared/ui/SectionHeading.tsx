interface SectionHeadingProps {
  id: string;
  number: string;
  children: string;
}

/** "01 Problem": the numbered heading of a landing-page section, a focus target for its link. */
export function SectionHeading({ id, number, children }: SectionHeadingProps) {
  return (
    <h2 id={id} className="section-heading" tabIndex={-1} data-section-heading>
      {/* One text node after the number: no separator comment in the prerendered HTML. */}
      <span className="section-number">{number}</span>
      {` ${children}`}
    </h2>
  );
}
