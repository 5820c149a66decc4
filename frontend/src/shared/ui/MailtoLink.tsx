interface MailtoLinkProps {
  email: string;
  className?: string;
}

export function MailtoLink({ email, className }: MailtoLinkProps) {
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}
