// The badge a pickup shows in My Orders (spec section 4, dates in America/New_York).
import { dateKey } from "./dates";

export type StoredStatus = "Scheduled" | "Completed" | "Missed" | "Cancelled";
export type DisplayStatus = "cancelled" | "completed" | "missed" | "today" | "scheduled" | "tbd" | "dateClosed";

/**
 * `dateClosed`: the service closed the pickup's date (an admin, or a holiday) and the pickup is still
 * scheduled there: "We had to cancel this date: choose another".
 */
export function displayStatus(
  status: StoredStatus,
  pickupDate: string | null,
  at: number,
  dateClosed = false,
): DisplayStatus {
  if (status === "Cancelled") return "cancelled";
  if (status === "Scheduled" && dateClosed) return "dateClosed";
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
