import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { hashPassword } from './password-hash.js';
import { User } from './user.entity.js';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async create(username: string, password: string): Promise<User> {
    const user = this.users.create({ username, password: await hashPassword(password) });
    return this.users.save(user);
  }
}
