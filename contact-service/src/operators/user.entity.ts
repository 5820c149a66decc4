import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A user account. No screen uses it yet; UsersService is the only way to add one. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100, unique: true })
  username: string;

  /** A scrypt hash (operators/password-hash.ts); not loaded unless asked for, never serialized. */
  @Column({ type: 'varchar', length: 255, select: false })
  password: string;

  toJSON(): { id: string; username: string } {
    return { id: this.id, username: this.username };
  }
}
