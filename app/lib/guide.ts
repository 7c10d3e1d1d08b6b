// The six slides of the how-it-works guide (spec section 2), shared by /onboarding and /how-it-works.

export const GUIDE_SLIDES = ["welcome", "mix", "bag", "book", "change", "circular"] as const;
export type GuideSlide = (typeof GUIDE_SLIDES)[number];
export const GUIDE_SLIDE_COUNT = GUIDE_SLIDES.length;

/** The 1-based slide of a `?slide=` value: anything unreadable is the first slide, out of range is clamped. */
export function parseSlide(value: string | null | undefined): number {
  if (!value || !/^\d{1,3}$/.test(value.trim())) return 1;
  return Math.min(GUIDE_SLIDE_COUNT, Math.max(1, Number(value.trim())));
}
