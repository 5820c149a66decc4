interface SectionHeadingProps {
  id: string;
  number: string;
  children: string;
}

/** "01 Problem": the numbered heading of a landing-page section, a focus target for its link. */
export function SectionHeading({ id, number, children }: SectionHeadingProps) {
  return (
    <h2 id={id} className="section-heading" tabIndex={-1} data-section-heading>
      <span className="section-number">{number}</span> {children}
    </h2>
  );
}
