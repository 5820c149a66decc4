import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '@nestjs/common';
import { apiError } from '../../http/api-error.js';
import { FilterError } from '../inbox-filter.js';
import { InboxRefusal } from '../inbox.js';

/**
 * The inbox's refusals as answers a person can act on: a filter that cannot be read is a 400, a
 * lead that is not there a 404, a change the role does not allow a 403, a change the workflow
 * does not allow a 409.
 */
export async function answered<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FilterError) throw new BadRequestException(apiError(400, error.message));
    if (error instanceof InboxRefusal) {
      if (error.kind === 'missing') throw new NotFoundException(apiError(404, error.message));
      if (error.kind === 'invalid') throw new BadRequestException(apiError(400, error.message));
      if (error.kind === 'forbidden') throw new ForbiddenException(apiError(403, error.message));
      throw new ConflictException(apiError(409, error.message));
    }
    throw error;
  }
}
