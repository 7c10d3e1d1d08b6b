// The private feed's link as a calendar subscription, for the profile (browser and server: no `ics` here).

/**
 * The same address with the webcal scheme, which phones and desktop calendar apps open as "subscribe"
 * (the app then fetches it again on its own) instead of downloading a one-time copy.
 */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "webcal://");
}
