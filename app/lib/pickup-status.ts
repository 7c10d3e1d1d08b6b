// The badge a pickup shows in My Orders (spec section 4, dates in America/New_York).
import { dateKey } from "./dates";

export type StoredStatus = "Scheduled" | "Completed" | "Missed" | "Cancelled";
export type DisplayStatus = "cancelled" | "completed" | "missed" | "today" | "scheduled" | "tbd";

export function displayStatus(status: StoredStatus, pickupDate: string | null, at: number): DisplayStatus {
  if (status === "Cancelled") return "cancelled";
  if (status === "Completed") return "completed";
  if (status === "Missed") return "missed";
  if (!pickupDate) return "tbd";
  const today = dateKey(at);
  if (pickupDate < today) return "completed";
  if (pickupDate === today) return "today";
  return "scheduled";
}

/** The confirmation page of a booked pickup: where every way of paying lands. */
export function confirmationPath(confirmationNumber: string): string {
  return `/confirmation?confirmationNumber=${encodeURIComponent(confirmationNumber)}`;
}
