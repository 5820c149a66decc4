import { siteConfig } from '../site-config';
import { MailtoLink } from '../ui/MailtoLink';
import { PAGE_ERROR_RELOAD_LABEL, PAGE_ERROR_TEXT, PAGE_ERROR_TITLE } from './error-notice-copy';

interface ErrorNoticeProps {
  onReload: () => void;
}

/**
 * What a visitor sees where a part of the page failed: what happened, and two ways on (a reload,
 * or the general address). An alert, so that screen readers announce the change.
 */
export function ErrorNotice({ onReload }: ErrorNoticeProps) {
  return (
    <div className="error-notice" role="alert">
      <p className="error-notice-title">{PAGE_ERROR_TITLE}</p>
      <p>
        {PAGE_ERROR_TEXT} <MailtoLink email={siteConfig.contactEmail} />.
      </p>
      <button type="button" className="button button-secondary" onClick={onReload}>
        {PAGE_ERROR_RELOAD_LABEL}
      </button>
    </div>
  );
}
