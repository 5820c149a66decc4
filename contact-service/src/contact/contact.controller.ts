import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { IdempotencyKey } from '../http/idempotency-key.js';
import { JsonOnlyGuard } from '../http/json-only.guard.js';
import { ContactService, type ContactReceipt } from './contact.service.js';
import { CreateContactDto } from './dto/create-contact.dto.js';

@Controller('contact')
@UseGuards(ThrottlerGuard, JsonOnlyGuard)
// Submissions count against the `default` limit only (integrations/rate-limit).
@SkipThrottle({ beacons: true, bookings: true })
export class ContactController {
  constructor(private readonly contacts: ContactService) {}

  @Post()
  @HttpCode(201)
  create(
    @Body() dto: CreateContactDto,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<ContactReceipt> {
    return this.contacts.create(dto, idempotencyKey);
  }
}
