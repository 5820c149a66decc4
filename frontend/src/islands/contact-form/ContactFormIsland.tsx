import { Island } from '../Island';
import { ContactFormRoot, type ContactFormIslandProps } from './ContactFormRoot';

/** The contact form as the pages place it: the only part of them that runs in the browser. */
export function ContactFormIsland(props: ContactFormIslandProps) {
  return (
    <Island name="contact-form" props={props}>
      <ContactFormRoot {...props} />
    </Island>
  );
}
