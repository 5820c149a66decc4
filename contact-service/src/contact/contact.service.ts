import { Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { apiError } from '../http/api-error.js';
import { ContactSubmission } from './contact-submission.entity.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

export interface ContactReceipt {
  id: string;
  createdAt: Date;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectRepository(ContactSubmission)
    private readonly submissions: Repository<ContactSubmission>,
  ) {}

  /** Stores a submission; the receipt is returned only once the row is committed. */
  async create(dto: CreateContactDto): Promise<ContactReceipt> {
    if (dto.website) {
      // A bot filled in the hidden field: it gets the answer it expects and nothing is stored.
      this.logger.warn('Honeypot field filled; submission discarded');
      return { id: randomUUID(), createdAt: new Date() };
    }
    try {
      // One INSERT ... RETURNING in autocommit mode: committed when it returns, never half-written.
      const result = await this.submissions
        .createQueryBuilder()
        .insert()
        .values({
          name: dto.name,
          email: dto.email,
          company: dto.company,
          role: dto.role,
          message: dto.message ? dto.message : null,
        })
        .returning(['id', 'createdAt'])
        .execute();
      const row = result.raw[0] as { id: string; created_at: Date };
      return { id: row.id, createdAt: row.created_at };
    } catch (error) {
      // Valid input cannot break a constraint, so a failure here is the database being away.
      this.logger.error(`Could not store a submission: ${(error as Error).message}`);
      throw new ServiceUnavailableException(
        apiError(
          503,
          'Your message could not be saved just now. Please try again in a minute; nothing was stored.',
        ),
      );
    }
  }
}
