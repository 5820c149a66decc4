import { Entity, PrimaryColumn } from 'typeorm';

/**
 * A recovery code (table recovery_codes, made by the migrations; TypeORM never changes the
 * schema), kept as the hash of the code as typed without case, spaces or dashes; used once.
 */
@Entity({ name: 'recovery_codes' })
export class RecoveryCode {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @PrimaryColumn({ name: 'code_hash', type: 'char', length: 64 }) codeHash!: string;
}
