// What the API and the pages may see of a user: never the password hash.
import type { AddressFields } from "./profile";

export type PublicUser = AddressFields & {
  id: number;
  email: string;
  postalFsa: string;
  hasCompletedOnboarding: boolean;
  isAdmin: boolean;
  isDriver: boolean;
};
