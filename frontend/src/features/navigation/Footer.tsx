import { Children, Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { siteConfig } from '../../shared/site-config';
import { BrandMark } from '../../shared/ui/BrandMark';
import { ExternalLink } from '../../shared/ui/ExternalLink';
import { MailtoLink } from '../../shared/ui/MailtoLink';
import { SECTION_IDS } from './section-ids';
import { SectionLink } from './SectionLink';

/** The addresses the footer gives, each for what it is for. */
const CONTACTS = [
  ['General inquiries', siteConfig.contactEmail],
  ['Accessibility', siteConfig.accessibilityEmail],
  ['Privacy', siteConfig.privacyEmail],
] as const;

/** A list of the footer's links under its heading, which names the navigation. */
function FooterNav({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {title}
      </h2>
      <ul>
        {Children.map(children, (link) => (
          <li>{link}</li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer id="site-footer" className="site-footer" tabIndex={-1}>
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="brand brand-footer">
            <BrandMark />
            <span className="brand-name">{siteConfig.brandName}</span>
          </p>
          <p>
            Proposal automation for investment banks: first drafts of client proposals in hours,
            written from your deal conversations, your data and your house style.
          </p>
        </div>
        <FooterNav id="footer-company" title="Company">
          <Link href="/about">About Us</Link>
          <ExternalLink href={siteConfig.schedulerUrl}>Book a Demo</ExternalLink>
          <SectionLink sectionId={SECTION_IDS.contact}>Contact</SectionLink>
        </FooterNav>
        <FooterNav id="footer-legal" title="Legal">
          <Link href="/privacy">Privacy Policy</Link>
          <Link href="/terms">Terms of Service</Link>
          <Link href="/accessibility">Accessibility</Link>
        </FooterNav>
        <div>
          <h2 className="footer-heading">Get in touch</h2>
          <dl className="footer-contacts">
            {CONTACTS.map(([term, email]) => (
              <Fragment key={term}>
                <dt>{term}</dt>
                <dd>
                  <MailtoLink email={email} />
                </dd>
              </Fragment>
            ))}
          </dl>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span>
          {` ${siteConfig.brandName}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
