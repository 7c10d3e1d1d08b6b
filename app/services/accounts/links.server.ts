// The app's own links in e-mails (reset, role invitation): APP_URL when it is set, else the allowed origin
// of the request that caused the e-mail (the web edge checked its host).
import { env } from "~/services/platform/config.server";

export function appLink(origin: string, pathAndQuery: string): string {
  const base = env.APP_URL ?? origin;
  return `${base.replace(/\/$/, "")}${pathAndQuery}`;
}
