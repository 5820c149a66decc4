import { Type } from 'class-transformer';
import { Equals, IsObject, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { Absent } from '../http/body-fields.js';
import { jsonTextOf } from '../http/body-validation.pipe.js';

class ClientData {
  @IsString()
  @MaxLength(8192)
  clientDataJSON!: string;
}

/**
 * A passkey answer the console's browser code sent, as text: the parts checked here, never
 * trusted; the rest (attestation, signature, transports) goes to the library, which checks it.
 */
class PasskeyAnswer {
  @IsString()
  @Length(1, 1400)
  id!: string;

  @IsString()
  @Length(1, 1400)
  rawId!: string;

  @Equals('public-key')
  type!: 'public-key';

  @IsObject()
  @ValidateNested()
  @Type(() => ClientData)
  response!: ClientData;

  @Absent()
  @IsObject()
  clientExtensionResults: object = {};
}

/** The answer (passkeys.ts) as the library takes it, or null when it is not one. */
export const parsedAnswer = <T>(text: string) => jsonTextOf(PasskeyAnswer, text) as T | null;

/** The challenge an answer signed, as the client data carries it (base64url). */
export function answeredChallenge(answer: { response: { clientDataJSON: string } }): string {
  const clientData = JSON.parse(
    Buffer.from(answer.response.clientDataJSON, 'base64url').toString('utf8'),
  ) as { challenge: string };
  return clientData.challenge;
}
