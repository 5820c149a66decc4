import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };
import type { BookingEvent } from './booking-event.js';

const COMPANY = /\b(company|firm|organi[sz]ation|employer|bank)\b/i;
const ROLE = /\b(role|title|position|job)\b/i;

const answerTo = (answers: BookingEvent['answers'], question: RegExp) =>
  answers.find((answer) => question.test(answer.question))?.answer ?? null;

/** The company the invitee gave, when the scheduler asked for one. */
export const companyAnswer = (answers: BookingEvent['answers']) => answerTo(answers, COMPANY);

/** The invitee's role, when the scheduler asked for it. */
export const roleAnswer = (answers: BookingEvent['answers']) => answerTo(answers, ROLE);

/**
 * The message of a lead made from a booking: what the scheduler asked and what was answered,
 * one "question: answer" per line, as plain text (every screen, mail and export treats a lead's
 * message as hostile text already). Control characters become spaces; the whole is cut to the
 * form's message limit, by characters, never inside a surrogate pair.
 */
export function bookingMessage(event: BookingEvent, limit: number): string {
  const clean = (text: string) => text.replace(/[\p{Cs}]|(?![\n\t])\p{Cc}/gu, ' ');
  const lines = [
    `Booked a call through ${event.scheduler === 'calendly' ? 'Calendly' : 'Cal.com'}.`,
    ...event.answers.map((answer) => `${clean(answer.question)}: ${clean(answer.answer)}`),
  ];
  const text = lines.join('\n');
  let cut = '';
  for (const character of text) {
    if (cut.length + character.length > limit) break;
    cut += character;
  }
  return cut;
}

/**
 * A lead made from a booking with no form: the invitee's name and address, the company and role
 * when the scheduler asked for them, every answer in the message, each cut to the form's limits.
 */
export function bookedLead(event: BookingEvent) {
  const limits = contactFields.limits;
  const clip = (text: string, limit: number) =>
    Array.from(text.replace(/[\p{Cc}\p{Cs}]/gu, ' ').trim())
      .join('')
      .slice(0, limit);
  return {
    name: clip(event.invitee.name, limits.name),
    email: clip(event.invitee.email, limits.email),
    company: clip(companyAnswer(event.answers) ?? '', limits.company),
    role: clip(roleAnswer(event.answers) ?? '', limits.role),
    message: bookingMessage(event, limits.message),
    kind: 'contact' as const,
  };
}
