import { siteConfig } from '../shared/site-config';
import { ExternalLink } from '../shared/ui/ExternalLink';
import { ReturnHome } from '../shared/ui/ReturnHome';

export function DemoPage() {
  return (
    <div className="notice container">
      <p className="eyebrow eyebrow-dark">Scheduled maintenance</p>
      <h1>The demo is getting new features</h1>
      <p>We are adding new features to the {siteConfig.brandName} demo. It will be back shortly.</p>
      <p>
        In the meantime, our team can walk you through the product on a call:{' '}
        <ExternalLink href={siteConfig.schedulerUrl}>book a time that suits you</ExternalLink>.
      </p>
      <ReturnHome />
    </div>
  );
}
