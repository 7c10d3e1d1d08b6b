// The drawing kit of the guide's illustrations: its colours, the frame every slide's drawing sits in,
// and the grocery bag several slides reuse.
export const INK = "#1c1917";
export const GREEN = "#12672f";
export const LEAF = "#16803c";
export const MINT = "#d8f3e1";
export const BAG = "#f5e7c8";
export const BAG_EDGE = "#a16207";

export function Frame({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 160 100" className="h-28 w-auto max-w-full" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="160" height="100" rx="14" fill="#effaf3" />
      {children}
    </svg>
  );
}

/** A reusable grocery bag standing on the ground. */
export function Bag({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
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
