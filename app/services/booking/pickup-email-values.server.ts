// The values every e-mail about one pickup shares, in the resident's language: the confirmation number,
// the date and window, a link and the support address. Its own module: closing a date (which slot
// generation does on a holiday) writes them without the pickup e-mails' slot look-ups.
import { appUrl, env } from "~/services/platform/config.server";
import { bagsOutBy, formatDate, windowLabel, type PickupWindow } from "~/lib/dates";
import { orderPath } from "~/lib/paths";

/**
 * The values every pickup e-mail shares. `path` is where its link leads (the order by default).
 */
export function pickupEmailValues(
  pickup: { confirmationNumber: string; date: string; window: PickupWindow },
  lng: string,
  path = orderPath(pickup.confirmationNumber),
) {
  return {
    confirmationNumber: pickup.confirmationNumber,
    date: formatDate(pickup.date, lng),
    window: windowLabel(pickup.window, lng),
    /** Bags outside by the start of this pickup's window. */
    outBy: bagsOutBy(pickup.window, lng),
    link: `${appUrl()}${path}`,
    supportEmail: env.SUPPORT_EMAIL,
  };
}
