import { GOVERNING_LAW_COUNTRY } from '../shared/content';
import { siteConfig } from '../shared/site-config';
import { DocumentPage } from '../shared/ui/DocumentPage';
import { MailtoLink } from '../shared/ui/MailtoLink';

const brand = siteConfig.brandName;

export function TermsPage() {
  return (
    <DocumentPage
      title="Terms of Service"
      lead={`These terms govern your use of the ${brand} website. Please read them before using it.`}
    >
      <section aria-labelledby="terms-acceptance">
        <h2 id="terms-acceptance">Acceptance of terms</h2>
        <p>
          By accessing this website you agree to these terms and to all applicable laws and
          regulations. If you do not agree with any of them, please do not use the site.
        </p>
      </section>

      <section aria-labelledby="terms-license">
        <h2 id="terms-license">Use license</h2>
        <p>
          We grant you a limited, non-exclusive, non-transferable licence to view the materials on
          this website for the purpose of evaluating {brand}. Under this licence you may not:
        </p>
        <ul>
          <li>modify, copy or republish the materials;</li>
          <li>use the materials for any commercial purpose or public display;</li>
          <li>attempt to reverse engineer any software on the website;</li>
          <li>remove any copyright or other proprietary notices from the materials.</li>
        </ul>
        <p>This licence ends automatically if you breach any of these restrictions.</p>
      </section>

      <section aria-labelledby="terms-service">
        <h2 id="terms-service">Service description</h2>
        <p>
          {brand} drafts client proposals for investment banks from deal conversations, CRM data,
          internal templates and historical proposals, and delivers them in Word, PDF or Figma-ready
          form. Access to the service itself is governed by a separate written agreement between{' '}
          {brand} and each client.
        </p>
      </section>

      <section aria-labelledby="terms-disclaimer">
        <h2 id="terms-disclaimer">Disclaimer</h2>
        <p>
          The materials on this website are provided “as is”. Figures quoted on the site are
          estimates based on industry observations and are not a guarantee of results. Nothing on
          the site is investment, legal or financial advice, and drafts produced by the service are
          intended for review by qualified professionals before use.
        </p>
      </section>

      <section aria-labelledby="terms-limitations">
        <h2 id="terms-limitations">Limitations</h2>
        <p>
          To the extent permitted by law, {brand} is not liable for any damages, including loss of
          data or profit, arising from the use of or inability to use this website. Nothing in these
          terms limits liability that cannot be limited under applicable law.
        </p>
      </section>

      <section aria-labelledby="terms-law">
        <h2 id="terms-law">Governing law</h2>
        <p>
          These terms are governed by the laws of {GOVERNING_LAW_COUNTRY}, and any dispute arising
          from them falls under the exclusive jurisdiction of the courts of {GOVERNING_LAW_COUNTRY}.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">Contact</h2>
        <p>
          Questions about these terms can be sent to <MailtoLink email={siteConfig.contactEmail} />.
        </p>
      </section>
    </DocumentPage>
  );
}
