import type { Command } from 'commander';
import { json, type LeadsContext } from '../leads-context.js';
import { emailAddress } from '../options.js';

export function accessCommand(program: Command, { tools, actor, io }: LeadsContext): void {
  program
    .command('access')
    .description('everything held about one person, as JSON (a GDPR access or portability request)')
    .requiredOption('--email <address>', 'their email address (case does not matter)', emailAddress)
    .action(async ({ email }: { email: string }) => {
      const { leads, audit } = await tools();
      const submissions = await leads.access(email);
      await audit.record({ command: 'access', rows: submissions.length, actor, email });
      io.out(json({ email, generatedAt: new Date(), submissions }));
    });
}
