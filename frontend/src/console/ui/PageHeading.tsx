import { useEffect, useRef } from 'react';

/**
 * The screen's one h1. On every screen change focus moves to it and the tab's title follows, so
 * a screen reader announces where the operator arrived (WCAG 2.4.2, 2.4.3).
 */
export function PageHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${children} · Console`;
    heading.current?.focus();
  }, [children]);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
