import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A scheduler event applied once (table booking_deliveries, the migrations'): its key is stored
 * in the event's transaction, so that a redelivery finds it and changes nothing.
 */
@Entity({ name: 'booking_deliveries' })
export class BookingDeliveryRow {
  @PrimaryColumn({ type: 'varchar', length: 16 }) scheduler!: string;
  @PrimaryColumn({ name: 'event_key', type: 'varchar', length: 600 }) eventKey!: string;
  @Column({ name: 'received_at', type: 'timestamptz', insert: false }) receivedAt!: Date;
}
