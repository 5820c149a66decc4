import { LeadsModule } from '../leads/leads.module.js';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { BookingsController } from './bookings.controller.js';
import { BookingsService } from './bookings.service.js';

/** The scheduler's bookings on their leads: POST /api/bookings/calendly and /cal-com. */
@Module({
  imports: [NotificationsModule, LeadsModule],
  controllers: [BookingsController],
  providers: [BookingsService],
})
export class BookingsModule {}
