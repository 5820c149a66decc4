import type { ContactFormValues, ContactTextField } from './contact-form-values';

/**
 * The form is prerendered disabled: a browser without JavaScript cannot send it natively (which
 * would put the visitor's details in the URL). The islands' loader enables it as soon as it runs
 * (islands/island-loader.ts, right after the first paint), before this code arrives; until then
 * the browser's own validation applies and a valid submit is held, not lost. When this code runs
 * it takes the form over: it validates by itself from then on (noValidate), enables the form
 * where the loader did not run (the development server, tests), and answers the values typed so
 * far, or null when nothing was. Through the DOM rather than state, so hydrating the form needs no
 * second render of attributes.
 */
export function takeOverPrerenderedForm(
  form: HTMLFormElement,
  fields: ContactTextField[],
  values: ContactFormValues,
): ContactFormValues | null {
  form.noValidate = true;
  const fieldset = form.querySelector('fieldset');
  if (fieldset) fieldset.disabled = false;
  const typed = { ...values };
  let changed = false;
  for (const field of fields) {
    const element = form.elements.namedItem(field) as HTMLInputElement | null;
    if (element && element.value !== values[field]) {
      typed[field] = element.value;
      changed = true;
    }
  }
  return changed ? typed : null;
}
