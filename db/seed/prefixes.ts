// Montreal-island forward sortation areas (the first three characters of a postal code).
const ALL = "ABCEGHJKLMNPRSTVWXYZ";
const series = (digit: number, letters: string) => [...letters].map((c) => `H${digit}${c}`);

export const MONTREAL_PREFIXES = [
  ...series(1, ALL),
  ...series(2, ALL),
  ...series(3, ALL),
  ...series(4, ALL),
  ...series(5, "AB"),
  ...series(8, "NPRSTYZ"),
  ...series(9, "ABCEGHJKPRSWX"),
];

/** The default weekly supply: Monday to Saturday, morning and afternoon, 12 pickups each. */
export const DEFAULT_SLOT_TEMPLATE = [1, 2, 3, 4, 5, 6].flatMap((weekday) =>
  (["morning", "afternoon"] as const).map((window) => ({ weekday, window, capacity: 12 })),
);
