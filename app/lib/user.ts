// What the API and the pages may see of a user: never the password hash.
export type PublicUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  streetAddress: string;
  unit: string;
  city: string;
  province: string;
  postalCode: string;
  postalFsa: string;
  hasCompletedOnboarding: boolean;
  isAdmin: boolean;
};
