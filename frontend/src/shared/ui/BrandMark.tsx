/** The logo mark: two stacked pages, drawn inline so it needs no extra request. */
export function BrandMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="3" width="26" height="26" rx="6" fill="#0b1f3a" />
      <path
        d="M10 9h9l4 4v10H10z"
        fill="none"
        stroke="#d4af6a"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M13 17h7M13 20.5h5" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
