import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { scrollToSection } from './scroll-to-section';

interface SectionLinkProps {
  sectionId: string;
  className?: string;
  children: ReactNode;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link to a section of the landing page. It works without JavaScript (`/#id`); with it, the
 * scroll is smooth and leaves room for the fixed navigation, and from another page it first
 * navigates to the landing page, which then scrolls to the section (see useScrollToHash).
 */
export function SectionLink({ sectionId, className, children }: SectionLinkProps) {
  const [location, navigate] = useLocation();
  const href = `/#${sectionId}`;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    event.preventDefault();
    if (location === '/') {
      scrollToSection(sectionId);
      window.history.replaceState(window.history.state, '', href);
    } else {
      navigate(href);
    }
  }

  return (
    <a href={href} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}
