import { useEffect, useRef } from 'react';

/**
 * What went wrong with the last attempt, as the service said it. An alert: read out at once, and
 * focused, so a keyboard user is where the fix starts.
 */
export function Problem({ id, text }: { id: string; text: string | null }) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) box.current?.focus();
  }, [text]);
  if (!text) return null;
  return (
    <p id={id} ref={box} role="alert" tabIndex={-1} className="problem">
      {text}
    </p>
  );
}
