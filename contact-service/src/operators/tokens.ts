import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a session id, an enrolment link's token, a recovery code's source. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, so a database dump holds no usable session or link. */
export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
