import { siteConfig } from '../../shared/site-config';
import { ContactFormRoot, type ContactFormIslandProps } from './ContactFormRoot';

/** The island's name on its element (data-island), which the prerender step looks for. */
export const CONTACT_FORM_ISLAND = 'contact-form';

/**
 * The contact form as the pages place it: the only part of them that runs in the browser. In the
 * prerendered HTML it is an element with the island's name and props around the form's markup;
 * in the browser, the islands' loader (island-loader.ts) finds it and hydrates only that element
 * with the same props (contact-form-island.ts), never the page around it. It also names the
 * general address (data-contact), for the notice the loader shows above it when its code cannot
 * be loaded.
 */
export function ContactFormIsland(props: ContactFormIslandProps) {
  return (
    <div
      className="island"
      data-island={CONTACT_FORM_ISLAND}
      data-props={JSON.stringify(props)}
      data-contact={siteConfig.contactEmail}
    >
      <ContactFormRoot {...props} />
    </div>
  );
}
