import { Link } from 'wouter';
import { CLAIMS } from '../shared/content';
import { siteConfig } from '../shared/site-config';
import { DocumentPage } from '../shared/ui/DocumentPage';
import { ExternalLink } from '../shared/ui/ExternalLink';
import { MailtoLink } from '../shared/ui/MailtoLink';

const brand = siteConfig.brandName;

export function AboutPage() {
  return (
    <DocumentPage
      title={`About ${brand}`}
      lead="We build software that drafts client proposals for investment banks, so bankers spend their time on judgement rather than formatting."
    >
      <section aria-labelledby="about-mission">
        <h2 id="about-mission">Our mission</h2>
        <p>
          To give deal teams back the hours that proposal production consumes, without lowering the
          standard of anything that goes in front of a client. A proposal is often the first piece
          of work a client sees from a bank; it should carry the bank’s best thinking, not the marks
          of a late night spent reformatting.
        </p>
      </section>

      <section aria-labelledby="about-challenge">
        <h2 id="about-challenge">The challenge</h2>
        <p>
          Proposals and pitch materials absorb {CLAIMS.juniorStaffTime} of junior bankers’ time. A
          large bank spends {CLAIMS.annualSpend} a year producing them, and the industry spends{' '}
          {CLAIMS.pitchbookSpend} a year on pitchbooks. Most of that effort goes into finding
          precedents, re-keying data and adapting old documents, while the timetable is set by the
          client.
        </p>
      </section>

      <section aria-labelledby="about-approach">
        <h2 id="about-approach">Our approach</h2>
        <ul>
          <li>
            <strong>Drafts, not decisions.</strong> {brand} prepares a first draft; your bankers
            decide what the client receives. Nothing is sent without human review.
          </li>
          <li>
            <strong>Your house style.</strong> Drafts are built on your approved templates,
            disclaimers and credentials, not on a generic format.
          </li>
          <li>
            <strong>Traceable content.</strong> Every statement in a draft can be traced to its
            source: a moment in a conversation, a CRM record or an earlier proposal.
          </li>
          <li>
            <strong>Start small.</strong> We begin with one team and one pipeline, measure the
            results, and extend only when the numbers justify it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-technology">
        <h2 id="about-technology">Technology</h2>
        <p>
          {brand} ingests live deal conversations, CRM data, internal templates and historical
          proposals. Four components turn them into a proposal:
        </p>
        <ol>
          <li>
            <strong>Transcript and nuance detection</strong> extracts the client’s priorities,
            concerns and constraints from conversations.
          </li>
          <li>
            <strong>Client mirroring and contextualisation</strong> frames your credentials in the
            client’s language and situation.
          </li>
          <li>
            <strong>The proposal composer</strong> assembles narrative, credentials and team pages
            into your templates.
          </li>
          <li>
            <strong>The audit and learning loop</strong> records every edit and source, and feeds
            your bankers’ changes back into future drafts.
          </li>
        </ol>
        <p>Drafts are delivered in Word, PDF or Figma-ready form.</p>
      </section>

      <section aria-labelledby="about-impact">
        <h2 id="about-impact">Impact</h2>
        <p>
          Teams using {brand} cut proposal turnaround by {CLAIMS.turnaroundReduction}. Junior
          bankers spend the time saved on analysis and client work, senior bankers review drafts
          that already reflect the conversation they had, and every proposal meets the same
          standard, whichever team prepares it.
        </p>
      </section>

      <section aria-labelledby="about-contact">
        <h2 id="about-contact">Contact</h2>
        <p>
          To see {brand} working on a proposal like yours,{' '}
          <ExternalLink href={siteConfig.schedulerUrl}>book a demo</ExternalLink>. For anything
          else, write to <MailtoLink email={siteConfig.contactEmail} />.
        </p>
      </section>

      <p className="page-actions">
        <Link href="/" className="button button-secondary">
          <span aria-hidden="true">← </span>Back to home
        </Link>
      </p>
    </DocumentPage>
  );
}
