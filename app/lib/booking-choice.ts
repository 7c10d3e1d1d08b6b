// The booking page's choices as the server labels them and the page shows them.
import type { PickupWindow } from "./dates";
import type { BagCount } from "./pricing";

type WindowChoice = {
  window: PickupWindow;
  /** null when this date has no offered slot for the window (say, it starts within 24 hours). */
  slotId: number | null;
  label: string;
  spotsLeft: number;
};

export type DateChoice = {
  date: string;
  /** 'Tuesday, December 1, 2026' */
  label: string;
  /** 'Tue, Dec 1' */
  shortLabel: string;
  fullyBooked: boolean;
  windows: WindowChoice[];
};

export type WeekGroup = { start: string; label: string; dates: DateChoice[] };

export type BookingSelection = { bags: BagCount | null; date: string | null; slotId: number | null };
