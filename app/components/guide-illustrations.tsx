// Small inline drawings for the guide's slides and the marks of our local partners. Decorative only
// (aria-hidden): every slide says the same thing in words. No text inside, so nothing needs translating.
import type { GuideSlide } from "~/lib/guide";

const INK = "#1c1917";
const GREEN = "#12672f";
const LEAF = "#16803c";
const MINT = "#d8f3e1";
const BAG = "#f5e7c8";
const BAG_EDGE = "#a16207";

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 160 100" className="h-28 w-auto max-w-full" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="160" height="100" rx="14" fill="#effaf3" />
      {children}
    </svg>
  );
}

/** A reusable grocery bag standing on the ground. */
function Bag({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M8 14 C8 2 28 2 28 14" fill="none" stroke={BAG_EDGE} strokeWidth="3" strokeLinecap="round" />
      <path d="M2 14 H34 L31 48 H5 Z" fill={BAG} stroke={BAG_EDGE} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M12 28 a6 6 0 1 1 12 0" fill="none" stroke={GREEN} strokeWidth="2.5" strokeLinecap="round" />
      <path
        d="M22 24 l2.5 4 -4.5 .5"
        fill="none"
        stroke={GREEN}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

function Welcome() {
  return (
    <Frame>
      <path d="M34 86 V48 L64 24 L94 48 V86 Z" fill="#fff" stroke={INK} strokeWidth="2.5" strokeLinejoin="round" />
      <path
        d="M28 52 L64 22 L100 52"
        fill="none"
        stroke={GREEN}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="55" y="58" width="18" height="28" rx="2" fill={GREEN} />
      <circle cx="69" cy="73" r="1.6" fill="#fff" />
      <path d="M12 86 H148" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
      <Bag x={104} y={40} scale={0.95} />
      <g transform="translate(130 20)">
        <circle r="11" fill={MINT} />
        <path
          d="M-6 1 a6 6 0 0 1 10.5 -4 M6 -1 a6 6 0 0 1 -10.5 4"
          fill="none"
          stroke={GREEN}
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </g>
    </Frame>
  );
}

function Mix() {
  return (
    <Frame>
      <path d="M12 88 H148" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
      {/* A phone, a battery, a shoe and a cork peeking out of one bag. */}
      <rect x="56" y="14" width="14" height="24" rx="2.5" fill="#334155" transform="rotate(-14 63 26)" />
      <rect x="58.5" y="17" width="9" height="15" rx="1" fill="#93c5fd" transform="rotate(-14 63 26)" />
      <rect x="74" y="18" width="11" height="22" rx="2" fill="#f59e0b" transform="rotate(10 80 29)" />
      <rect x="77" y="15" width="5" height="4" rx="1" fill="#78716c" transform="rotate(10 80 29)" />
      <path
        d="M86 30 c6 -2 10 -6 12 -10 l5 2 c0 6 4 8 10 9 l1 6 H86 Z"
        fill="#b91c1c"
        stroke={INK}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <rect
        x="100"
        y="24"
        width="10"
        height="14"
        rx="4"
        fill="#c2a27a"
        stroke="#7c5b34"
        strokeWidth="1.5"
        transform="rotate(30 105 31)"
      />
      <path d="M44 38 H116 L110 88 H50 Z" fill={BAG} stroke={BAG_EDGE} strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M64 40 C64 26 96 26 96 40" fill="none" stroke={BAG_EDGE} strokeWidth="3" strokeLinecap="round" />
      <g transform="translate(80 64)">
        <circle r="12" fill={MINT} />
        <path d="M-5 -1 h10 M0 -6 v10" stroke={GREEN} strokeWidth="3" strokeLinecap="round" />
      </g>
    </Frame>
  );
}

function BagItUp() {
  return (
    <Frame>
      <path d="M12 88 H148" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
      <Bag x={26} y={28} scale={1.25} />
      {/* Size marks: a 20 to 30 litre bag. */}
      <path d="M82 34 V86 M78 34 H86 M78 86 H86" stroke="#78716c" strokeWidth="2" strokeLinecap="round" />
      {/* The clock reads eight o'clock. */}
      <g transform="translate(120 52)">
        <circle r="22" fill="#fff" stroke={INK} strokeWidth="2.5" />
        {[0, 90, 180, 270].map((a) => (
          <path key={a} d="M0 -18 V-15" stroke={INK} strokeWidth="2" strokeLinecap="round" transform={`rotate(${a})`} />
        ))}
        <path d="M0 0 V-15" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
        <path d="M0 0 L-9 5" stroke={GREEN} strokeWidth="3.5" strokeLinecap="round" />
        <circle r="2.5" fill={INK} />
      </g>
    </Frame>
  );
}

function Book() {
  return (
    <Frame>
      <g transform="translate(18 14)">
        <rect width="64" height="62" rx="6" fill="#fff" stroke={INK} strokeWidth="2.5" />
        <path d="M0 6 a6 6 0 0 1 6 -6 H58 a6 6 0 0 1 6 6 V16 H0 Z" fill={GREEN} />
        <path d="M16 -4 V6 M48 -4 V6" stroke={INK} strokeWidth="3" strokeLinecap="round" />
        {[0, 1, 2].map((row) =>
          [0, 1, 2, 3].map((col) => (
            <rect
              key={`${row}-${col}`}
              x={8 + col * 13}
              y={23 + row * 12}
              width="9"
              height="7"
              rx="1.5"
              fill={row === 1 && col === 2 ? LEAF : "#e7e5e4"}
            />
          )),
        )}
        <circle cx="56" cy="56" r="11" fill={LEAF} stroke="#fff" strokeWidth="2" />
        <path
          d="M51 56 l3.5 3.5 6.5 -7"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <rect x="98" y="28" width="30" height="58" rx="2" fill={GREEN} />
      <circle cx="122" cy="58" r="2" fill="#fff" />
      <path d="M90 86 H150" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
      <Bag x={128} y={58} scale={0.6} />
    </Frame>
  );
}

function ChangeOfPlans() {
  return (
    <Frame>
      {/* Two dates, an arrow moving the pickup from one to the other, and a cancel mark. */}
      <g transform="translate(16 26)">
        <rect width="40" height="40" rx="5" fill="#fff" stroke={INK} strokeWidth="2.5" />
        <path d="M0 5 a5 5 0 0 1 5 -5 H35 a5 5 0 0 1 5 5 V11 H0 Z" fill="#a8a29e" />
        <rect x="13" y="19" width="14" height="12" rx="2" fill="#e7e5e4" />
      </g>
      <g transform="translate(104 26)">
        <rect width="40" height="40" rx="5" fill="#fff" stroke={INK} strokeWidth="2.5" />
        <path d="M0 5 a5 5 0 0 1 5 -5 H35 a5 5 0 0 1 5 5 V11 H0 Z" fill={GREEN} />
        <rect x="13" y="19" width="14" height="12" rx="2" fill={LEAF} />
      </g>
      <path d="M60 40 C72 22 88 22 100 40" fill="none" stroke={GREEN} strokeWidth="3" strokeLinecap="round" />
      <path
        d="M93 38 L100 41 L101 33"
        fill="none"
        stroke={GREEN}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g transform="translate(80 76)">
        <circle r="11" fill="#fee2e2" stroke="#b91c1c" strokeWidth="2" />
        <path d="M-4 -4 L4 4 M4 -4 L-4 4" stroke="#b91c1c" strokeWidth="2.6" strokeLinecap="round" />
      </g>
    </Frame>
  );
}

function Circular() {
  return (
    <Frame>
      <g transform="translate(80 50)">
        {[0, 120, 240].map((a) => (
          <g key={a} transform={`rotate(${a})`}>
            <path
              d="M-30 -14 A33 33 0 0 1 18 -29"
              fill="none"
              stroke={a === 0 ? GREEN : a === 120 ? LEAF : "#0f766e"}
              strokeWidth="7"
              strokeLinecap="round"
            />
            <path d="M21.4 -34.5 L25.6 -24.2 L14.6 -23.5 Z" fill={a === 0 ? GREEN : a === 120 ? LEAF : "#0f766e"} />
          </g>
        ))}
        <path d="M0 12 C-14 8 -14 -8 0 -14 C14 -8 14 8 0 12 Z" fill={LEAF} />
        <path d="M0 12 V-8" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </g>
    </Frame>
  );
}

const ILLUSTRATIONS: Record<GuideSlide, () => JSX.Element> = {
  welcome: Welcome,
  mix: Mix,
  bag: BagItUp,
  book: Book,
  change: ChangeOfPlans,
  circular: Circular,
};

export function SlideIllustration({ slide }: { slide: GuideSlide }) {
  const Drawing = ILLUSTRATIONS[slide];
  return <Drawing />;
}

// --- Partner marks: simple shapes of our own, one per local partner. ---

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
