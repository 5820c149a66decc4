export interface SkipLinkTarget {
  href: string;
  label: string;
}

interface SkipLinksProps {
  extra?: SkipLinkTarget;
}

/** First in the tab order; hidden until focused. */
export function SkipLinks({ extra }: SkipLinksProps) {
  return (
    <div className="skip-links">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {extra && (
        <a className="skip-link" href={extra.href}>
          {extra.label}
        </a>
      )}
      <a className="skip-link" href="#site-footer">
        Skip to footer
      </a>
    </div>
  );
}
