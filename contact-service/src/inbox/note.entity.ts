import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A note an operator wrote on a lead (table lead_notes, made by the migrations; TypeORM never
 * changes the schema), as the lead screen shows it. It goes with its lead (ON DELETE CASCADE).
 */
@Entity({ name: 'lead_notes' })
export class Note {
  @ApiProperty({ format: 'uuid' }) @PrimaryGeneratedColumn('uuid') id!: string;
  @ApiProperty() @CreateDateColumn({ type: 'timestamptz' }) at!: Date;
  @ApiProperty() @Column({ type: 'varchar', length: 200 }) author!: string;
  @ApiProperty() @Column({ type: 'text' }) body!: string;
  /** The lead's id: never read back (a note is read with its lead), so never in an answer. */
  @Column({ name: 'submission_id', type: 'uuid', select: false }) submissionId?: string;
}
