import type { ReactNode } from 'react';
import { SECTION_IDS } from '../features/navigation/section-ids';
import { SectionLink } from '../features/navigation/SectionLink';
import { CALLBACK_HOURS, CLAIMS } from '../shared/content';
import { siteConfig } from '../shared/site-config';
import { ExternalLink } from '../shared/ui/ExternalLink';
import { SectionHeading } from '../shared/ui/SectionHeading';
import { ContactFormIsland } from '../islands/contact-form/ContactFormIsland';

const brand = siteConfig.brandName;

const STATS = [
  { value: CLAIMS.turnaroundReduction, label: 'reduction in proposal turnaround time' },
  {
    value: CLAIMS.juniorStaffTime,
    label: 'of junior bankers’ time goes on proposals and pitch materials',
  },
  { value: CLAIMS.annualSpend, label: 'spent each year by a large bank on proposal production' },
  { value: CLAIMS.pitchbookSpend, label: 'spent across the industry on pitchbooks every year' },
];

const PROBLEMS = [
  {
    title: 'Slow turnaround',
    text: 'A tailored proposal takes days of drafting, formatting and review. When a client asks on Monday for a view by Wednesday, the production bottleneck decides how much thinking reaches the page.',
  },
  {
    title: 'Junior time consumed',
    text: `Analysts and associates spend ${CLAIMS.juniorStaffTime} of their time on proposals and pitch materials: hours taken from modelling, diligence and client work, and a leading driver of attrition.`,
  },
  {
    title: 'Significant cost',
    text: `Proposal production costs a large bank ${CLAIMS.annualSpend} a year, and the industry spends ${CLAIMS.pitchbookSpend} on pitchbooks. Much of that pays for re-keying and reformatting, not for insight.`,
  },
];

const SOURCES = [
  {
    title: 'Live deal conversations',
    text: 'Call and meeting transcripts, captured with the consent of every participant.',
  },
  {
    title: 'CRM data',
    text: 'Relationship history, coverage teams, prior mandates and open opportunities.',
  },
  {
    title: 'Internal templates',
    text: 'Your approved layouts, disclaimers, credentials pages and league-table formats.',
  },
  {
    title: 'Historical proposals',
    text: 'What your bank has pitched before, what won, and what clients pushed back on.',
  },
];

const CAPABILITIES = [
  {
    title: 'Transcript & nuance detection',
    text: 'Identifies what the client actually said matters: priorities, sensitivities, timing, the competitor mentioned in passing. Each point links back to the moment it was said.',
  },
  {
    title: 'Client mirroring & contextualisation',
    text: 'Frames your credentials in the client’s own language and situation (sector, capital structure, stated objectives) instead of generic boilerplate.',
  },
  {
    title: 'Proposal composer',
    text: 'Assembles the narrative, relevant credentials, team pages and indicative terms into your approved templates, ready for banker review.',
  },
  {
    title: 'Audit & learning loop',
    text: 'Every edit your bankers make is recorded and fed back, so drafts move closer to your house view over time, with the source of each statement on record for compliance review.',
  },
];

interface LandingSectionProps {
  id: string;
  number: string;
  heading: string;
  /** The line under the heading. */
  title: string;
  /** On the alternate background. */
  alt?: boolean;
  children: ReactNode;
}

/** A numbered section of the landing page: its heading, its title line, then its content. */
function LandingSection({ id, number, heading, title, alt, children }: LandingSectionProps) {
  return (
    <section
      id={id}
      className={alt ? 'section section-alt' : 'section'}
      aria-labelledby={`${id}-heading`}
    >
      <div className="container">
        <SectionHeading id={`${id}-heading`} number={number}>
          {heading}
        </SectionHeading>
        <p className="section-title">{title}</p>
        {children}
      </div>
    </section>
  );
}

interface CardsProps {
  items: readonly { title: string; text: string }[];
  /** `ol` when the order of the cards means something. */
  list: 'ul' | 'ol';
  heading: 'h3' | 'h4';
  className: string;
}

/** Cards of a title and a text each, as the Problem and Solution sections show them. */
function Cards({ items, list: List, heading: Heading, className }: CardsProps) {
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item.title} className="card">
          <Heading>{item.title}</Heading>
          <p>{item.text}</p>
        </li>
      ))}
    </List>
  );
}

export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero-inner">
          <p className="eyebrow">Proposal automation for investment banking</p>
          <h1 id="hero-heading">Client proposals, drafted at the speed of the mandate.</h1>
          <p className="hero-lead">
            {`${brand} listens to your deal conversations, reads your CRM and learns from every proposal your bank has sent, then drafts the next one in your house style. Your bankers review and refine; they no longer start from a blank page.`}
          </p>
          <div className="hero-actions">
            <ExternalLink href={siteConfig.schedulerUrl} className="button button-accent">
              Book a Demo
            </ExternalLink>
            <SectionLink sectionId={SECTION_IDS.solution} className="button button-ghost">
              See how it works
            </SectionLink>
          </div>
          <dl className="stats">
            {STATS.map((stat) => (
              <div key={stat.value} className="stat">
                <dt className="stat-label">{stat.label}</dt>
                <dd className="stat-value">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <LandingSection
        id={SECTION_IDS.problem}
        number="01"
        heading="Problem"
        title="Proposals are the bottleneck of every mandate."
      >
        <p className="section-intro">
          Every mandate starts with a proposal, and most proposals start the same way: analysts
          pulling precedents, re-keying CRM data into last year’s template and rebuilding pages that
          already exist somewhere on the shared drive. The work is essential, repetitive and
          expensive.
        </p>
        <Cards items={PROBLEMS} list="ul" heading="h3" className="card-grid card-grid-3" />
      </LandingSection>

      <LandingSection
        id={SECTION_IDS.solution}
        number="02"
        heading="Solution"
        title="A drafting engine that knows your deal."
        alt
      >
        <p className="section-intro">
          {`${brand} connects to the sources your team already relies on and produces a structured first draft that reads as if your best associate wrote it, in a fraction of the time.`}
        </p>
        <h3 className="subheading">What it reads</h3>
        <ul className="source-list">
          {SOURCES.map((source) => (
            <li key={source.title}>
              <strong>{`${source.title}.`}</strong>
              {` ${source.text}`}
            </li>
          ))}
        </ul>
        <h3 className="subheading">What it does</h3>
        <Cards
          items={CAPABILITIES}
          list="ol"
          heading="h4"
          className="card-grid card-grid-2 capability-list"
        />
        <p className="outputs">
          <strong>What you receive:</strong> proposals in <span className="chip">Word</span>
          {', '}
          <span className="chip">PDF</span> or <span className="chip">Figma-ready</span>
          {` form, built on your templates and ready for review, with turnaround cut by ${CLAIMS.turnaroundReduction}.`}
        </p>
      </LandingSection>

      <section id={SECTION_IDS.contact} className="section" aria-labelledby="contact-heading">
        <div className="container split">
          <div>
            <SectionHeading id="contact-heading" number="03">
              Systemising Excellence
            </SectionHeading>
            <p className="section-title">Make your best proposal the standard.</p>
            <p>
              {`Your strongest proposals reflect years of judgement: how to position a sell-side mandate, which credentials resonate with a founder-led business, what a CFO expects to see on page two. ${brand} turns that judgement into a repeatable system, so every proposal your bank sends meets the standard of your best one.`}
            </p>
            <ul className="check-list">
              <li>A discovery call to map your current proposal process and review cycles.</li>
              <li>A pilot scoped around one team and one live pipeline.</li>
              <li>Results measured against your own turnaround and review times.</li>
            </ul>
          </div>
          <div className="form-panel">
            <h3 className="form-title">Request a discovery call</h3>
            <p className="form-intro">
              {`Tell us about your team and we will be in touch within ${CALLBACK_HOURS} hours.`}
            </p>
            <ContactFormIsland />
          </div>
        </div>
      </section>
    </>
  );
}
