import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsObject, IsString, Matches, MaxLength } from 'class-validator';
import { Absent } from '../../http/body-fields.js';
import {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_LIMITS,
  cleanAttribution,
  type Attribution,
} from '../../leads/attribution.js';
import { CONTACT_LIMITS, EMAIL_PATTERN, MULTI_LINE, SINGLE_LINE } from '../contact-limits.js';
import { CONTACT_MESSAGES } from '../contact-messages.js';

const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

const messages = CONTACT_MESSAGES;

/**
 * A required one-line field of the form: trimmed, then refused when empty, longer than the
 * contract's limit or holding a control character, each in the contract's words for it.
 */
function OneLineField(field: 'name' | 'company' | 'role') {
  return applyDecorators(
    ApiProperty({
      minLength: 1,
      maxLength: CONTACT_LIMITS[field],
      description: 'Trimmed; one line.',
    }),
    Trim(),
    IsString({ message: messages[field].required }),
    IsNotEmpty({ message: messages[field].required }),
    MaxLength(CONTACT_LIMITS[field], { message: messages[field].tooLong }),
    Matches(SINGLE_LINE, { message: messages[field].characters }),
  );
}

/** The attribution object's keys and bounds, for the API's description only. */
class AttributionFields {}
for (const key of ATTRIBUTION_KEYS) {
  ApiProperty({ required: false, type: String, maxLength: ATTRIBUTION_LIMITS[key] })(
    AttributionFields.prototype,
    key,
  );
}

/** The body of POST /api/contact; its limits, patterns and messages are the contract's. */
export class CreateContactDto {
  @OneLineField('name')
  name: string;

  @ApiProperty({ maxLength: CONTACT_LIMITS.email, format: 'email', description: 'Trimmed.' })
  @Trim()
  @IsString({ message: messages.email.invalid })
  @IsNotEmpty({ message: messages.email.invalid })
  @MaxLength(CONTACT_LIMITS.email, { message: messages.email.invalid })
  @Matches(EMAIL_PATTERN, { message: messages.email.invalid })
  email: string;

  @OneLineField('company')
  company: string;

  @OneLineField('role')
  role: string;

  @ApiProperty({
    required: false,
    maxLength: CONTACT_LIMITS.message,
    description: 'Line breaks and tabs allowed; empty is stored as null.',
  })
  @Absent()
  @IsString({ message: messages.message.notText })
  @MaxLength(CONTACT_LIMITS.message, { message: messages.message.tooLong })
  @Matches(MULTI_LINE, { message: messages.message.characters })
  message?: string;

  /**
   * What brought the visitor (contract/attribution.json): read leniently, never refused. Only
   * the contract's keys with text values are kept, cleaned and cut to their bounds
   * (leads/attribution.ts); anything else in it is dropped.
   */
  @ApiProperty({
    required: false,
    type: AttributionFields,
    description:
      'What brought the visitor: campaign parameters, landing path, referrer host. Values are cleaned and cut to their bounds, other keys dropped; never a reason to refuse.',
  })
  @Absent()
  @Transform(({ value }) => cleanAttribution(value))
  @IsObject()
  attribution?: Attribution;

  /**
   * The trap: a checkbox hidden from people and one that browsers never autofill, so only a bot
   * ticks it. The form sends it only when ticked; such a submission is kept, marked as spam.
   */
  @ApiProperty({ required: false, description: 'The trap: sent only when a bot ticked it.' })
  @Absent()
  @IsBoolean({ message: messages.notAccepted })
  contact_me_by_fax_only?: boolean;

  /**
   * The trap of earlier versions of the form, still accepted so that a page loaded before a
   * deployment can send. Browsers autofill `website`, so a filled one marks the submission as
   * suspected spam, never discards it.
   */
  @ApiProperty({
    required: false,
    maxLength: CONTACT_LIMITS.website,
    deprecated: true,
    description: 'The trap of earlier versions of the form.',
  })
  @Absent()
  @IsString({ message: messages.notAccepted })
  @MaxLength(CONTACT_LIMITS.website, { message: messages.notAccepted })
  website?: string;
}
