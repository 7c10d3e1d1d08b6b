// Where things are: a pickup's page addresses, built in one place for components, the web edge and
// e-mails alike (the spec names the URLs; this module only spells them). The confirmation page's
// address stays in lib/pickup-status (confirmationPath): the checkout page's script imports it, and
// moving it here would give the order pages' shared chunk a second reader, one more script per page.

/** A pickup's own page, its receipt: every e-mail links here. */
export function orderPath(confirmationNumber: string): string {
  return `/order/${confirmationNumber}`;
}

/** Moving a pickup to another date: its own page, the pickup in its address. */
export function movePath(confirmationNumber: string): string {
  return `${orderPath(confirmationNumber)}/move`;
}

/**
 * The move page's `from`: the date and window a pickup is moved from ("2026-12-21-morning"). A move page
 * opened for a pickup that has moved since (Back after the move) answers My Orders.
 */
export function movedFrom(slot: { date: string; window: string }): string {
  return `${slot.date}-${slot.window}`;
}

/** Cancelling a pickup: asked first, on its own page. */
export function cancelPath(confirmationNumber: string): string {
  return `${orderPath(confirmationNumber)}/cancel`;
}

/** My Orders. */
export const HISTORY_PATH = "/history";

/** The booking page, where every booking starts. */
export const BOOKING_PATH = "/booking";

/**
 * The booking page again, with the bags kept: after a refusal, from a Missed e-mail ("book again"), or
 * with `addressMismatch` when the profile's new address is outside the chosen slot's areas.
 */
export function bookingPath(query: { bags?: number; addressMismatch?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (query.addressMismatch) params.set("addressMismatch", "true");
  if (query.bags !== undefined) params.set("bags", String(query.bags));
  const search = params.toString();
  return search ? `${BOOKING_PATH}?${search}` : BOOKING_PATH;
}

type Choice = { bags: number; slotId: number };
const choiceQuery = (booking: Choice) =>
  new URLSearchParams({ bags: String(booking.bags), slotId: String(booking.slotId) });

/** The checkout of a choice (bags and slot), and of one checkout record when its id is known. */
export function checkoutPath(booking: Choice, checkoutId?: string | null): string {
  const params = choiceQuery(booking);
  if (checkoutId) params.set("checkout", checkoutId);
  return `/checkout?${params}`;
}

/** The profile with the choice carried, when the address must be completed before checkout. */
export function profileStepPath(booking: Choice): string {
  return `/profile?${choiceQuery(booking)}`;
}

/** Where the inlined part of the stylesheet `href` (`/<build>/_assets/tailwind-<hash>.css`) is also served. */
export function inlineStylesheetPath(href: string): string {
  return `/styles/${href.slice(href.lastIndexOf("/") + 1)}`;
}

/** The container queries as a `data:` URL stylesheet (components/inline-stylesheet); none when there are none. */
export function containerQueriesUrl(css: string): string {
  return css ? `data:text/css;charset=utf-8,${encodeURIComponent(css)}` : "";
}
