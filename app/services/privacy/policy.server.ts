// What the privacy page states that only the running app knows (issue 43, part 4): who receives what and
// where, read from the configuration (the payment provider, the e-mail provider's host, the texts, the
// host's region, the backup store's BACKUP_LOCATION, the geocoder), and the cookies with the names this
// server really sets. The fields collected come from lib/personal-data, the periods from lib/retention.
import { secureCookies } from "~/services/accounts/session-rows.server";
import { env, whoWeAre, type Env } from "~/services/platform/config.server";
import { cookieLines } from "~/lib/cookies";
import { fieldsByKind } from "~/lib/personal-data";
import {
  FLY_PRIMARY_REGION,
  FLY_REGION_PLACES,
  PHOTON_DEFAULT_HOST,
  POLICY_VERSIONS,
  type Recipient,
} from "~/lib/privacy-policy";
import { RETENTION } from "~/lib/retention";

/** The host name of a URL, never its user, password or path; null when it is not a URL. */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** Every recipient of personal information this configuration sends it to. */
export function recipients(source: Env = env): Recipient[] {
  const region = source.PRIMARY_REGION || FLY_PRIMARY_REGION;
  const list: Recipient[] = [
    { key: "payments" },
    { key: "email", host: hostOf(source.SMTP_URL), location: source.SMTP_LOCATION || null },
    { key: "sms" },
    { key: "host", region, place: FLY_REGION_PLACES[region] ?? region },
    { key: "backups", location: source.BACKUP_LOCATION || null },
  ];
  if (source.GEOCODER === "photon") {
    list.push({ key: "geocoder", provider: "photon", host: hostOf(source.GEOCODER_URL) ?? PHOTON_DEFAULT_HOST });
  } else if (source.GEOCODER === "google" && source.GOOGLE_PLACES_KEY) {
    list.push({ key: "geocoder", provider: "google", host: hostOf(source.GEOCODER_URL) ?? "maps.googleapis.com" });
  }
  return list;
}

/** Everything the privacy page shows, in the order it shows it. */
export function privacyPolicy(source: Env = env) {
  return {
    who: whoWeAre(source),
    versions: POLICY_VERSIONS,
    fields: fieldsByKind(),
    recipients: recipients(source),
    cookies: cookieLines(secureCookies),
    retention: RETENTION,
  };
}
