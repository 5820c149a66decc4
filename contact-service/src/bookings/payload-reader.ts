import { BookingRefusal } from './booking-event.js';

/**
 * Reads the few fields this product uses out of a scheduler's payload, a document someone else
 * defines and extends at will: unknown fields are ignored, a field it needs that is missing or
 * of the wrong type is a 400 naming the field. The payload is read only after its signature held,
 * so it comes from the scheduler; the checks keep a changed format from becoming a 500.
 */
export class PayloadReader {
  constructor(
    private readonly value: unknown,
    private readonly path = 'body',
  ) {}

  static of(body: unknown): PayloadReader {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BookingRefusal(400, 'The body is not a JSON object.');
    }
    return new PayloadReader(body);
  }

  private field(name: string): unknown {
    const value = this.value as Record<string, unknown>;
    return Object.hasOwn(value, name) ? value[name] : undefined;
  }

  object(name: string): PayloadReader {
    const value = this.field(name);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new BookingRefusal(400, `${this.path}.${name} is not an object.`);
    }
    return new PayloadReader(value, `${this.path}.${name}`);
  }

  optionalObject(name: string): PayloadReader | null {
    const value = this.field(name);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? new PayloadReader(value, `${this.path}.${name}`)
      : null;
  }

  list(name: string): PayloadReader[] {
    const value = this.field(name);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw new BookingRefusal(400, `${this.path}.${name} is not a list.`);
    return value
      .filter((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
      .map((item, index) => new PayloadReader(item, `${this.path}.${name}[${index}]`));
  }

  text(name: string): string {
    const value = this.field(name);
    if (typeof value !== 'string' || value.trim() === '') {
      throw new BookingRefusal(400, `${this.path}.${name} is missing.`);
    }
    return value;
  }

  optionalText(name: string): string | null {
    const value = this.field(name);
    if (typeof value === 'number') return String(value);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  }

  /** A person the payload names by two fields, both required (the invitee). */
  person(name: string, email: string): { name: string; email: string } {
    return { name: this.text(name), email: this.text(email) };
  }

  /** A person the payload may name (the host), each field null when absent. */
  static optionalPerson(reader: PayloadReader | null | undefined, name: string, email: string) {
    return { name: reader?.optionalText(name) ?? null, email: reader?.optionalText(email) ?? null };
  }

  flag(name: string): boolean {
    return this.field(name) === true;
  }

  time(name: string): Date {
    const at = new Date(this.text(name));
    if (Number.isNaN(at.getTime())) {
      throw new BookingRefusal(400, `${this.path}.${name} is not a time.`);
    }
    return at;
  }

  /** Any value at all, as text a person can read (an answer may be a list or an object). */
  anyText(name: string): string | null {
    const value = this.field(name);
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
