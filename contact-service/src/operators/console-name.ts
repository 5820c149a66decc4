/** What the console calls itself to authenticator apps (the TOTP issuer) and passkey prompts. */
export const CONSOLE_NAME = 'Proposals console';
