// Small inline drawings for the guide's slides. Decorative only (aria-hidden): every slide says the same
// thing in words. No text inside, so nothing needs translating.
import type { GuideSlide } from "~/lib/guide";
import { BAG, BAG_EDGE, Bag, Frame, GREEN, INK, LEAF, MINT } from "./drawing";

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
