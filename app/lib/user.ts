// What the API and the pages may see of a user: never the password hash.
import type { AddressFields } from "./profile";

export type PublicUser = AddressFields & {
  id: number;
  email: string;
  postalFsa: string;
  hasCompletedOnboarding: boolean;
  isAdmin: boolean;
  isDriver: boolean;
  /** The mobile number (E.164) for texts, and whether its code was entered (issue 35). */
  phone: string | null;
  phoneVerified: boolean;
  /** What the resident is sent besides receipts, confirmations and cancellations (issue 35). */
  remindersEnabled: boolean;
  reminderChannels: "email" | "sms" | "both";
  alertsEnabled: boolean;
  dayAfterEnabled: boolean;
};
