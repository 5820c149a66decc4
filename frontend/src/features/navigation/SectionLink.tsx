import type { ReactNode } from 'react';

interface SectionLinkProps {
  sectionId: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to a section of the landing page: a plain anchor (`/#id`), with no script. The browser
 * scrolls smoothly (`scroll-behavior`, instant under reduced motion) and keeps the html element's
 * `scroll-padding-top` free above the section, both set in styles/global.css; from another page
 * it opens the landing page at that section.
 */
export function SectionLink({ sectionId, className, children }: SectionLinkProps) {
  return (
    <a href={`/#${sectionId}`} className={className}>
      {children}
    </a>
  );
}
