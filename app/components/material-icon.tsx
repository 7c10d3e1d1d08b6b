// The materials' icons (the spec's lucide names, drawn as inline SVG so no icon package ships) and
// their colours as complete Tailwind class names (Tailwind only keeps classes it can read in full).

const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

const ICONS: Record<string, string[]> = {
  shirt: [
    "M20.38 3.46 16 2a4 4 0 0 1-8 0L3.62 3.46a2 2 0 0 0-1.34 2.23l.58 3.47a1 1 0 0 0 .99.84H6v10c0 1.1.9 2 2 2h8a2 2 0 0 0 2-2V10h2.15a1 1 0 0 0 .99-.84l.58-3.47a2 2 0 0 0-1.34-2.23z",
  ],
  footprints: [
    "M4 16v-2.38C4 11.5 2.97 10.5 3 8c.03-2.72 1.49-6 4.5-6C9.37 2 10 3.8 10 5.5c0 3.11-2 5.66-2 8.68V16a2 2 0 1 1-4 0Z",
    "M20 20v-2.38c0-2.12 1.03-3.12 1-5.62-.03-2.72-1.49-6-4.5-6C14.63 6 14 7.8 14 9.5c0 3.11 2 5.66 2 8.68V20a2 2 0 1 0 4 0Z",
    "M16 17h4",
    "M4 13h4",
  ],
  "gamepad-2": [
    "M6 11h4",
    "M8 9v4",
    "M15 12h.01",
    "M18 10h.01",
    "M17.32 5H6.68a4 4 0 0 0-3.98 3.59C2.6 9.42 2 14.46 2 16a3 3 0 0 0 3 3c1 0 1.5-.5 2-1l1.41-1.41A2 2 0 0 1 9.83 16h4.34a2 2 0 0 1 1.41.59L17 18c.5.5 1 1 2 1a3 3 0 0 0 3-3c0-1.55-.6-6.58-.69-7.26A4 4 0 0 0 17.32 5z",
  ],
  battery: [
    "M4 7h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z",
    "M22 11v2",
    "M6 11v2",
    "M10 11v2",
  ],
  smartphone: ["M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z", "M12 18h.01"],
  briefcase: [
    "M16 20V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16",
    "M4 6h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z",
  ],
  wrench: [
    "M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z",
  ],
  "paint-bucket": [
    "m19 11-8-8-8.6 8.6a2 2 0 0 0 0 2.8l5.2 5.2c.8.8 2 .8 2.8 0L19 11Z",
    "m5 2 5 5",
    "M2 13h15",
    "M22 20a2 2 0 1 1-4 0c0-1.6 1.7-2.4 2-4 .3 1.6 2 2.4 2 4Z",
  ],
  glasses: [
    circle(6, 15, 4),
    circle(18, 15, 4),
    "M14 15a2 2 0 0 0-2-1 2 2 0 0 0-2 1",
    "M2.5 13 5 7c.7-1.3 1.4-2 3-2",
    "M21.5 13 19 7c-.7-1.3-1.5-2-3-2",
  ],
  wine: ["M8 22h8", "M7 10h10", "M12 15v7", "M12 15a5 5 0 0 0 5-5c0-2-.5-4-2-8H9c-1.5 4-2 6-2 8a5 5 0 0 0 5 5Z"],
  "tennis-ball": [circle(12, 12, 10), "M5.1 4.8c3.6 3.9 3.6 10.5 0 14.4", "M18.9 4.8c-3.6 3.9-3.6 10.5 0 14.4"],
  utensils: ["M3 2v7c0 1.1.9 2 2 2h4a2 2 0 0 0 2-2V2", "M7 2v20", "M21 15V2a5 5 0 0 0-5 5v6c0 1.1.9 2 2 2h3Zm0 0v7"],
  "x-circle": [circle(12, 12, 10), "m15 9-6 6", "m9 9 6 6"],
  laptop: [
    "M20 16V7a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v9m16 0H4m16 0 1.28 2.55a1 1 0 0 1-.9 1.45H3.62a1 1 0 0 1-.9-1.45L4 16",
  ],
  book: ["M4 19.5v-15A2.5 2.5 0 0 1 6.5 2H20v20H6.5a2.5 2.5 0 0 1 0-5H20"],
  /** Not a material icon: used when the database names an icon we do not draw. */
  package: ["M21 8 12 3 3 8v8l9 5 9-5z", "M3 8l9 5 9-5", "M12 13v8"],
};

export function MaterialIcon({ name, className = "h-5 w-5" }: { name: string; className?: string }) {
  const paths = ICONS[name] ?? ICONS.package!;
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-icon={name}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

type Swatch = { badge: string; edge: string };

/** The spec's colour names as Tailwind classes: a tinted badge for the icon and a coloured left edge. */
const COLORS: Record<string, Swatch> = {
  blue: { badge: "bg-blue-100 text-blue-800", edge: "border-l-blue-500" },
  brown: { badge: "bg-[#f3e7dc] text-[#6b3f1d]", edge: "border-l-[#8b5a2b]" },
  red: { badge: "bg-red-100 text-red-800", edge: "border-l-red-500" },
  orange: { badge: "bg-orange-100 text-orange-800", edge: "border-l-orange-500" },
  purple: { badge: "bg-purple-100 text-purple-800", edge: "border-l-purple-500" },
  gray: { badge: "bg-gray-100 text-gray-700", edge: "border-l-gray-400" },
  zinc: { badge: "bg-zinc-200 text-zinc-800", edge: "border-l-zinc-500" },
  yellow: { badge: "bg-yellow-100 text-yellow-800", edge: "border-l-yellow-400" },
  teal: { badge: "bg-teal-100 text-teal-800", edge: "border-l-teal-500" },
  indigo: { badge: "bg-indigo-100 text-indigo-800", edge: "border-l-indigo-500" },
  lime: { badge: "bg-lime-100 text-lime-800", edge: "border-l-lime-500" },
  amber: { badge: "bg-amber-100 text-amber-800", edge: "border-l-amber-500" },
  green: { badge: "bg-green-100 text-green-800", edge: "border-l-green-500" },
};

export function materialColor(color: string): Swatch {
  return COLORS[color] ?? COLORS.gray!;
}
