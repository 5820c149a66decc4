import { Body, Post } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IdempotencyKey } from '../http/idempotency-key.js';
import { PublicEndpoint } from '../integrations/rate-limit/public-endpoint.js';
import { Operation, Refusals } from '../http/operation.js';
import { CONTACT_BODY_LIMIT_BYTES } from './contact-limits.js';
import { ContactReceipt, ContactService } from './contact.service.js';
import { CreateContactDto } from './dto/create-contact.dto.js';

@PublicEndpoint('contact', 'default')
export class ContactController {
  constructor(private readonly contacts: ContactService) {}

  @Post()
  @Operation('submitContact', ContactReceipt, 201)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'One per filled-in form, the same for each retry: a repeat gets the first receipt.',
  })
  @Refusals({
    400: 'A field is missing or not allowed (a message per field), the JSON is malformed, or so is the Idempotency-Key.',
    413: `The body is over ${CONTACT_BODY_LIMIT_BYTES.toLocaleString('en')} bytes.`,
    415: 'The body is not UTF-8 JSON.',
    422: 'The Idempotency-Key came with another submission.',
    429: 'Too many requests from this address (with Retry-After).',
    503: 'The submission could not be confirmed as stored: a retry with the same Idempotency-Key is safe.',
  })
  create(
    @Body() dto: CreateContactDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<ContactReceipt> {
    return this.contacts.create(dto, idempotencyKey);
  }
}
