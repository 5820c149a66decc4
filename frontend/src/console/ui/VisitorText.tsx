/**
 * Characters that hide or reverse text without being seen: bidirectional controls and zero-width
 * ones. A visitor could use them to make a lead read differently than it is stored.
 */
const HIDDEN = /([\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff])/;

const codePoint = (char: string) =>
  `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Text a visitor typed, shown as inert text: React escapes markup, a <bdi> keeps its direction
 * from spilling into the page around it, and each hidden character is shown as its code point.
 */
export function VisitorText({ text }: { text: string }) {
  const parts = text.split(HIDDEN);
  return (
    <bdi>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="hidden-char">
            {codePoint(part)}
          </span>
        ) : (
          part
        ),
      )}
    </bdi>
  );
}

/** A field of a lead's description list whose value the visitor gave: its label, then the text. */
export function VisitorField({ label, text }: { label: string; text: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <VisitorText text={text} />
      </dd>
    </>
  );
}
