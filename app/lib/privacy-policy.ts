// The privacy policy's own facts (issue 43, part 4): its version history (the page shows the newest as
// "in force since" and lists every one), and the places our host's regions are in.

/** Newest first. A change of the privacy page's substance adds a version here (and its text, policy.versions). */
export const POLICY_VERSIONS = [
  { version: "2", date: "2026-11-27", change: "whole" },
  { version: "1", date: "2026-11-26", change: "first" },
] as const;
export type PolicyVersion = (typeof POLICY_VERSIONS)[number];

/** fly.toml's primary_region (a unit test compares them): where the app runs when Fly does not say. */
export const FLY_PRIMARY_REGION = "yul";

/** Fly.io's regions in and near Canada, as the page names them; another region is shown by its code. */
export const FLY_REGION_PLACES: Readonly<Record<string, string>> = {
  yul: "Montréal, Québec, Canada",
  yyz: "Toronto, Ontario, Canada",
  ewr: "Secaucus, New Jersey, USA",
  iad: "Ashburn, Virginia, USA",
  ord: "Chicago, Illinois, USA",
  bos: "Boston, Massachusetts, USA",
};

/** The default Photon server (komoot's, in Germany) when GEOCODER_URL does not name another. */
export const PHOTON_DEFAULT_HOST = "photon.komoot.io";

/** A request or complaint is answered in writing within this many days of its receipt (the Act, s. 32). */
export const COMPLAINT_ANSWER_DAYS = 30;

/** Who receives personal information, as the privacy page names each one (services/privacy/policy). */
export type Recipient =
  | { key: "payments" }
  | { key: "sms" }
  | { key: "email"; host: string | null; location: string | null }
  | { key: "host"; region: string; place: string }
  | { key: "backups"; location: string | null }
  | { key: "geocoder"; provider: "photon" | "google"; host: string };
