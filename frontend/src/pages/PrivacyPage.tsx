import { PRIVACY_LAST_UPDATED } from '../shared/content';
import { siteConfig } from '../shared/site-config';
import { DocumentPage } from '../shared/ui/DocumentPage';
import { MailtoLink } from '../shared/ui/MailtoLink';

const brand = siteConfig.brandName;

export function PrivacyPage() {
  return (
    <DocumentPage
      title="Privacy Policy"
      meta={`Last updated ${PRIVACY_LAST_UPDATED}`}
      lead={`This policy explains what personal data ${brand} collects through this website, why, and the rights you have over it. ${brand} is the controller of that data.`}
    >
      <section aria-labelledby="privacy-collected">
        <h2 id="privacy-collected">Information we collect</h2>
        <ul>
          <li>
            <strong>What you send us.</strong> When you request a discovery call or send
            accessibility feedback, we receive your name, email address, company, role and, if you
            write one, your message.
          </li>
          <li>
            <strong>Technical data.</strong> Our servers record the IP address, browser type and
            time of each request. We use these records only to keep the site secure and available.
          </li>
          <li>
            <strong>How you found us.</strong> With your request we keep how you reached this site:
            the campaign labels of the link you followed (such as utm_source), the click identifier
            of an advertisement when the link carried one, the first page you opened, and the name
            of the site that linked to us, never the address of its page. Our pages carry these from
            page to page in their links; nothing is stored in your browser.
          </li>
          <li>
            <strong>Page speed.</strong> Your browser reports how quickly each page loaded and
            responded, and how far the contact form got (seen, started, sent), with no cookie and no
            identifier; we keep only counts per page, which identify nobody.
          </li>
          <li>
            <strong>No tracking.</strong> This site sets no advertising or analytics cookies and
            does not profile visitors.
          </li>
        </ul>
        <p>
          When you book a demo, the meeting scheduler opens on a third-party site, whose own privacy
          policy applies to the details you enter there.
        </p>
      </section>

      <section aria-labelledby="privacy-usage">
        <h2 id="privacy-usage">How we use your information</h2>
        <ul>
          <li>To answer your request and arrange the discovery call you asked for.</li>
          <li>To act on accessibility feedback and tell you what we changed.</li>
          <li>To protect the site against abuse, such as automated spam.</li>
        </ul>
        <p>
          We process this data to take steps you have asked for before any contract (Article 6(1)(b)
          GDPR) and for our legitimate interest in answering business enquiries and securing our
          services (Article 6(1)(f) GDPR). We do not sell personal data or use it for advertising,
          and we keep it only as long as needed for these purposes.
        </p>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your rights under the GDPR</h2>
        <p>You have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy of it;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased;</li>
          <li>restrict or object to our processing of your data;</li>
          <li>receive your data in a portable format;</li>
          <li>
            lodge a complaint with a supervisory authority, such as the Belgian Data Protection
            Authority.
          </li>
        </ul>
        <p>We answer every request within one month.</p>
      </section>

      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">Security</h2>
        <p>
          All traffic to this site is encrypted in transit. Submissions are stored in a database
          that is not reachable from the internet, and access is limited to the staff who answer
          them. We review these measures regularly and whenever our systems change.
        </p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact</h2>
        <p>
          For questions about this policy or to exercise your rights, write to{' '}
          <MailtoLink email={siteConfig.privacyEmail} />.
        </p>
      </section>
    </DocumentPage>
  );
}
