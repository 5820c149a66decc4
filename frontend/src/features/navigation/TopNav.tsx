import { Link } from 'wouter';
import { siteConfig } from '../../shared/site-config';
import { BrandMark } from '../../shared/ui/BrandMark';
import { ExternalLink } from '../../shared/ui/ExternalLink';
import { SECTION_IDS } from './section-ids';
import { SectionLink } from './SectionLink';

export function TopNav() {
  return (
    <header className="site-header">
      <nav className="site-nav container" aria-label="Main">
        <Link href="/" className="brand">
          <BrandMark />
          <span className="brand-name">{siteConfig.brandName}</span>
        </Link>
        <ul className="nav-list">
          <li>
            <SectionLink sectionId={SECTION_IDS.problem} className="nav-button">
              Problem
            </SectionLink>
          </li>
          <li>
            <SectionLink sectionId={SECTION_IDS.solution} className="nav-button">
              Solution
            </SectionLink>
          </li>
          <li>
            <ExternalLink href={siteConfig.schedulerUrl} className="nav-button nav-button-primary">
              Contact
            </ExternalLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
