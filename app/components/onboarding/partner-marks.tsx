// The marks of our local partners: simple shapes of our own, one per partner. Decorative (aria-hidden):
// the partner's name is written beside its mark.
export const PARTNERS = [
  { id: "filNeuf", name: "Atelier Fil Neuf" },
  { id: "boucleLiege", name: "Boucle Liège" },
  { id: "retech", name: "RéTech Montréal" },
  { id: "peintureReprise", name: "Peinture Reprise" },
] as const;
export type PartnerId = (typeof PARTNERS)[number]["id"];

function Mark({ children, bg }: { children: React.ReactNode; bg: string }) {
  return (
    <svg viewBox="0 0 40 40" className="h-11 w-11 shrink-0" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={bg} />
      {children}
    </svg>
  );
}

const MARKS: Record<PartnerId, () => JSX.Element> = {
  // A needle drawing a loop of thread.
  filNeuf: () => (
    <Mark bg="#3730a3">
      <path d="M27 9 L12 30" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <ellipse
        cx="26"
        cy="10.5"
        rx="1.4"
        ry="2.6"
        fill="#3730a3"
        stroke="#fff"
        strokeWidth="1.2"
        transform="rotate(35 26 10.5)"
      />
      <path
        d="M26 11 C36 18 22 30 14 24 C8 20 14 12 20 17"
        fill="none"
        stroke="#fcd34d"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </Mark>
  ),
  // A cork inside a returning arrow.
  boucleLiege: () => (
    <Mark bg="#7c2d12">
      <path d="M10 24 A11 11 0 1 1 20 31" fill="none" stroke="#fed7aa" strokeWidth="2.6" strokeLinecap="round" />
      <path
        d="M16 31.5 L21 31 L19 26.5"
        fill="none"
        stroke="#fed7aa"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="16" y="13" width="9" height="13" rx="3" fill="#d6b48a" />
      <circle cx="19" cy="17" r="1" fill="#7c2d12" />
      <circle cx="22" cy="21.5" r="1" fill="#7c2d12" />
    </Mark>
  ),
  // A chip with a leaf on it.
  retech: () => (
    <Mark bg="#0f766e">
      <rect x="11" y="11" width="18" height="18" rx="3" fill="none" stroke="#fff" strokeWidth="2.4" />
      {[15, 20, 25].map((p) => (
        <g key={p} stroke="#fff" strokeWidth="2" strokeLinecap="round">
          <path d={`M${p} 6 V10 M${p} 30 V34 M6 ${p} H10 M30 ${p} H34`} />
        </g>
      ))}
      <path d="M15 25 C15 18 19 15 25 15 C25 21 21 25 15 25 Z" fill="#99f6e4" />
    </Mark>
  ),
  // A paint drop turning back into a can's worth.
  peintureReprise: () => (
    <Mark bg="#c2410c">
      <path d="M20 8 C25 15 28 19 28 23 a8 8 0 0 1 -16 0 C12 19 15 15 20 8 Z" fill="#fff" />
      <path d="M16 24 a4 4 0 0 0 4 4" fill="none" stroke="#c2410c" strokeWidth="2" strokeLinecap="round" />
      <path d="M7 31 H33" stroke="#fdba74" strokeWidth="2.6" strokeLinecap="round" />
    </Mark>
  ),
};

export function PartnerMark({ id }: { id: PartnerId }) {
  const Drawing = MARKS[id];
  return <Drawing />;
}
