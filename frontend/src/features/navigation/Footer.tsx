import { Link } from 'wouter';
import { siteConfig } from '../../shared/site-config';
import { BrandMark } from '../../shared/ui/BrandMark';
import { ExternalLink } from '../../shared/ui/ExternalLink';
import { MailtoLink } from '../../shared/ui/MailtoLink';
import { SECTION_IDS } from './section-ids';
import { SectionLink } from './SectionLink';

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
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-heading">
            Company
          </h2>
          <ul>
            <li>
              <Link href="/about">About Us</Link>
            </li>
            <li>
              <ExternalLink href={siteConfig.schedulerUrl}>Book a Demo</ExternalLink>
            </li>
            <li>
              <SectionLink sectionId={SECTION_IDS.contact}>Contact</SectionLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-heading">
            Legal
          </h2>
          <ul>
            <li>
              <Link href="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link href="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link href="/accessibility">Accessibility</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Get in touch</h2>
          <dl className="footer-contacts">
            <dt>General inquiries</dt>
            <dd>
              <MailtoLink email={siteConfig.contactEmail} />
            </dd>
            <dt>Accessibility</dt>
            <dd>
              <MailtoLink email={siteConfig.accessibilityEmail} />
            </dd>
            <dt>Privacy</dt>
            <dd>
              <MailtoLink email={siteConfig.privacyEmail} />
            </dd>
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
