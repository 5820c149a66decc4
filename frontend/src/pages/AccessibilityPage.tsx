import { ACCESSIBILITY_SUBJECT } from '../features/contact-form/contact-form-copy';
import { TOAST_DURATION_MS } from '../features/toasts/toast-timings';
import {
  ACCESSIBILITY_NEXT_REVIEW,
  ACCESSIBILITY_STATEMENT as statement,
  ACKNOWLEDGEMENT_BUSINESS_DAYS,
  ASSESSMENT_BUSINESS_DAYS,
  SUPPORT_HOURS,
  statementDate,
} from '../shared/content';
import type { LiveInclude } from '../shared/live-includes';
import { siteConfig } from '../shared/site-config';
import { DocumentPage } from '../shared/ui/DocumentPage';
import { MailtoLink } from '../shared/ui/MailtoLink';
import { ContactFormIsland } from '../islands/contact-form/ContactFormIsland';

const brand = siteConfig.brandName;

/** The statement's compliance status, in the words of the EU model statement. */
const STATUS_TEXT: Record<string, string> = {
  full: 'fully conformant with',
  partial: 'partially conformant with',
  none: 'not conformant with',
};

/** Where the team's confirmed reports join the list, per request (shared/live-includes.ts). */
const LIVE_LIMITATIONS: LiveInclude = 'accessibility-limitations';

export function AccessibilityPage() {
  return (
    <DocumentPage
      title="Accessibility Statement"
      meta={`Next review: ${ACCESSIBILITY_NEXT_REVIEW}`}
      lead={`${brand} wants everyone, including people with disabilities, to be able to use this website. This statement describes how we meet that aim, where we fall short, and how to tell us about a barrier.`}
    >
      <section aria-labelledby="a11y-commitment">
        <h2 id="a11y-commitment">Our commitment</h2>
        <p>
          We aim to conform to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA
          across this website, and we treat any failure to do so as a defect to be fixed.
        </p>
      </section>

      <section aria-labelledby="a11y-status">
        <h2 id="a11y-status">Compliance status</h2>
        <p>
          This website is {STATUS_TEXT[statement.status]} {statement.standard} and{' '}
          {statement.en301549}
          {statement.status === 'full'
            ? '.'
            : ': some parts do not yet fully conform, as listed under Known limitations.'}
        </p>
      </section>

      <section aria-labelledby="a11y-standards">
        <h2 id="a11y-standards">Standards</h2>
        <ul>
          <li>WCAG 2.2, level AA, published by the World Wide Web Consortium (W3C).</li>
          <li>EN 301 549, the European accessibility standard for ICT products and services.</li>
          <li>The WAI-ARIA Authoring Practices, for interactive components.</li>
        </ul>
      </section>

      <section aria-labelledby="a11y-scope">
        <h2 id="a11y-scope">Scope</h2>
        <p>
          This statement covers every page of this website, including the discovery-call and
          feedback forms. The meeting scheduler that opens when you book a demo is run by a third
          party and is outside its scope; if it causes you difficulty, email us and we will arrange
          the meeting directly.
        </p>
      </section>

      <section aria-labelledby="a11y-features">
        <h2 id="a11y-features">Accessibility features</h2>
        <ul>
          <li>Skip links, headings and landmarks that make every page quick to navigate.</li>
          <li>Full keyboard operation, with a visible focus indicator that is never hidden.</li>
          <li>Text and controls that meet AA contrast ratios and reflow at 320 pixels wide.</li>
          <li>Form fields with visible labels, and errors that are announced and described.</li>
          <li>Animation that stops when your system asks for reduced motion.</li>
          <li>Content that is readable with JavaScript turned off.</li>
        </ul>
      </section>

      <section aria-labelledby="a11y-limitations">
        <h2 id="a11y-limitations">Known limitations</h2>
        <p>
          These parts are not yet fully accessible. Barriers reported to us that we have confirmed
          are listed here too, until they are fixed.
        </p>
        <ul>
          {statement.limitations.map((limitation) => (
            <li key={limitation.text}>
              {limitation.text.replace('{toastSeconds}', String(TOAST_DURATION_MS / 1000))}{' '}
              {limitation.alternative}
            </li>
          ))}
          <template data-live={LIVE_LIMITATIONS} />
        </ul>
      </section>

      <section aria-labelledby="a11y-reporting">
        <h2 id="a11y-reporting">Reporting channels</h2>
        <p>If you find a barrier on this site, tell us through either channel:</p>
        <ul>
          <li>
            Email: <MailtoLink email={siteConfig.accessibilityEmail} />
          </li>
          <li>
            The <a href="#accessibility-feedback">feedback form</a> at the bottom of this page.
          </li>
        </ul>
        <p>
          We read and answer messages during our support hours, {SUPPORT_HOURS}, Monday to Friday.
        </p>
      </section>

      <section aria-labelledby="a11y-process">
        <h2 id="a11y-process">Our response process</h2>
        <ol>
          <li>We acknowledge your report within {ACKNOWLEDGEMENT_BUSINESS_DAYS} business days.</li>
          <li>
            We assess the issue within {ASSESSMENT_BUSINESS_DAYS} business days and tell you what we
            will do and when.
          </li>
          <li>
            Where a fix takes longer, we provide the information or service you need in another way
            in the meantime.
          </li>
        </ol>
      </section>

      <section aria-labelledby="a11y-enforcement">
        <h2 id="a11y-enforcement">Enforcement procedure</h2>
        <p>
          We tell you by email when we acknowledge your report, when we have assessed it (what we
          will do and by when) and when it is resolved. If our answer does not satisfy you, you can
          complain to {statement.enforcement.name}:{' '}
          <a href={statement.enforcement.url}>{statement.enforcement.url}</a>.
        </p>
      </section>

      <section aria-labelledby="a11y-roadmap">
        <h2 id="a11y-roadmap">Remediation roadmap</h2>
        <p>
          Every release is checked with automated accessibility tests and keyboard tests. Before
          each review of this statement we test the site manually with screen readers on desktop and
          mobile, and we fix the issues found, most severe first, before adding new features.
        </p>
      </section>

      <section aria-labelledby="a11y-legal">
        <h2 id="a11y-legal">Legal compliance</h2>
        <p>
          This website is designed to meet the requirements of the European Accessibility Act
          (Directive (EU) 2019/882) as transposed into Belgian law, through conformance with EN 301
          549 and WCAG 2.2 AA.
        </p>
      </section>

      <section aria-labelledby="a11y-preparation">
        <h2 id="a11y-preparation">Preparation of this statement</h2>
        <p>
          This statement was prepared on {statementDate(statement.preparedOn)} and last reviewed on{' '}
          {statementDate(statement.lastReview)}. {statement.method}
        </p>
        <p>
          A conformance report (ACR) against WCAG 2.2 and EN 301 549 is available on request from{' '}
          <MailtoLink email={siteConfig.accessibilityEmail} />.
        </p>
      </section>

      <section aria-labelledby="a11y-statement">
        <h2 id="a11y-statement">Statement information</h2>
        <p>
          We review this statement every {statement.reviewMonths} months and whenever the site
          changes significantly. The next review is due on {ACCESSIBILITY_NEXT_REVIEW}.
        </p>
        <p>
          This statement is also published as data:{' '}
          <a href="/accessibility.json">accessibility.json</a>.
        </p>
      </section>

      <section id="accessibility-feedback" className="feedback" aria-labelledby="a11y-feedback">
        <h2 id="a11y-feedback" tabIndex={-1}>
          Send accessibility feedback
        </h2>
        <p>
          Your message reaches the team responsible for accessibility. We will acknowledge it within{' '}
          {ACKNOWLEDGEMENT_BUSINESS_DAYS} business days.
        </p>
        <ContactFormIsland
          subject={ACCESSIBILITY_SUBJECT}
          submitLabel="Send Feedback"
          messagePlaceholder="Describe the barrier: the page, what you were trying to do, and the browser or assistive technology you use."
        />
      </section>
    </DocumentPage>
  );
}
