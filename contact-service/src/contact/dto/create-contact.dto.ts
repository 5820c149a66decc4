import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { CONTACT_LIMITS, EMAIL_PATTERN, MULTI_LINE, SINGLE_LINE } from '../contact-limits.js';

const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Optional means absent: an explicit null is refused like any other non-string. */
const Optional = () => ValidateIf((_object, value) => value !== undefined);

const EMAIL_MESSAGE = 'Please enter a valid email address.';

/** The body of POST /api/contact. */
export class CreateContactDto {
  @Trim()
  @IsString({ message: 'Please enter your name.' })
  @IsNotEmpty({ message: 'Please enter your name.' })
  @MaxLength(CONTACT_LIMITS.name, {
    message: 'Please shorten your name to 100 characters or fewer.',
  })
  @Matches(SINGLE_LINE, { message: 'Your name contains characters that are not allowed.' })
  name: string;

  @Trim()
  @IsString({ message: EMAIL_MESSAGE })
  @IsNotEmpty({ message: EMAIL_MESSAGE })
  @MaxLength(CONTACT_LIMITS.email, { message: EMAIL_MESSAGE })
  @Matches(EMAIL_PATTERN, { message: EMAIL_MESSAGE })
  email: string;

  @Trim()
  @IsString({ message: 'Please enter your company.' })
  @IsNotEmpty({ message: 'Please enter your company.' })
  @MaxLength(CONTACT_LIMITS.company, {
    message: 'Please shorten the company name to 200 characters or fewer.',
  })
  @Matches(SINGLE_LINE, { message: 'The company name contains characters that are not allowed.' })
  company: string;

  @Trim()
  @IsString({ message: 'Please enter your role.' })
  @IsNotEmpty({ message: 'Please enter your role.' })
  @MaxLength(CONTACT_LIMITS.role, {
    message: 'Please shorten your role to 100 characters or fewer.',
  })
  @Matches(SINGLE_LINE, { message: 'Your role contains characters that are not allowed.' })
  role: string;

  @Optional()
  @IsString({ message: 'Send the message as text, or leave it out.' })
  @MaxLength(CONTACT_LIMITS.message, {
    message: 'Please shorten your message to 5,000 characters or fewer.',
  })
  @Matches(MULTI_LINE, { message: 'Your message contains characters that are not allowed.' })
  message?: string;

  /**
   * The trap: a checkbox hidden from people and one that browsers never autofill, so only a bot
   * ticks it. The form sends it only when ticked; such a submission is kept, marked as spam.
   */
  @Optional()
  @IsBoolean({ message: 'This field is not accepted.' })
  contact_me_by_fax_only?: boolean;

  /**
   * The trap of earlier versions of the form, still accepted so that a page loaded before a
   * deployment can send. Browsers autofill `website`, so a filled one marks the submission as
   * suspected spam, never discards it.
   */
  @Optional()
  @IsString({ message: 'This field is not accepted.' })
  @MaxLength(CONTACT_LIMITS.website, { message: 'This field is not accepted.' })
  website?: string;
}
