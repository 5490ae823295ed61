/**
 * The operator's support address as a mail link. An address is one unbroken word, and an operator's
 * may be long: it wraps anywhere rather than widen a phone's page.
 */
export function SupportEmailLink({ email, className }: { email: string; className: string }) {
  return (
    <a href={`mailto:${email}`} className={`[overflow-wrap:anywhere] ${className}`}>
      {email}
    </a>
  );
}
