// A resident's complete profile (name and pickup address in a served area), as the profile form and
// PUT /api/auth/profile take it: for the service, integration and browser tests that save one.
export const RESIDENT_PROFILE = {
  firstName: "Marie",
  lastName: "Tremblay",
  streetAddress: "4521 Rue Fabre",
  unit: "",
  city: "Montréal",
  province: "QC" as const,
  postalCode: "H2X 3K2",
};
