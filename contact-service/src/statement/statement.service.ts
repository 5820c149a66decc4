import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../operators/clock.js';
import { openReports } from '../leads/accessibility-report.js';
import { supportDate } from '../leads/support-hours.js';
import {
  documentOf,
  limitationItems,
  type OpenReport,
  type StatementDocument,
} from './statement.js';

/**
 * How long a read of the confirmed reports is reused: the statement lists a report within this
 * (and a page view costs the database one statement per this much time, not one per view).
 */
export const STATEMENT_CACHE_MS = 15_000;

/** The statement's live part: the confirmed, unresolved reports (leads/accessibility-report.ts). */
@Injectable()
export class StatementService {
  private cached: { at: number; reports: Promise<OpenReport[]> } | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async document(): Promise<StatementDocument> {
    return documentOf(supportDate(new Date()), await this.reports());
  }

  async items(): Promise<string> {
    return limitationItems(await this.reports());
  }

  private reports(): Promise<OpenReport[]> {
    const now = this.clock.now().getTime();
    if (!this.cached || now - this.cached.at > STATEMENT_CACHE_MS) {
      const reports = this.read();
      // A failed read is not kept: the next view tries again.
      reports.catch(() => (this.cached = null));
      this.cached = { at: now, reports };
    }
    return this.cached.reports;
  }

  private read(): Promise<OpenReport[]> {
    return openReports(this.dataSource);
  }
}
