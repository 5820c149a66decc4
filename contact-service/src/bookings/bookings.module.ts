import { LeadsModule } from '../leads/leads.module.js';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { BookingsController } from './bookings.controller.js';
import { BookingsService } from './bookings.service.js';
import { BookingDeliveryRow } from './booking-delivery.entity.js';

/** The scheduler's bookings on their leads: POST /api/bookings/calendly and /cal-com. */
@Module({
  imports: [NotificationsModule, LeadsModule, TypeOrmModule.forFeature([BookingDeliveryRow])],
  controllers: [BookingsController],
  providers: [BookingsService],
})
export class BookingsModule {}
