// Issue 46 part 5, the web edge of /admin/book-for (a resident who calls): find the resident by e-mail or
// phone (a plain GET form), or open the account for them; choose bags and a window under the rules of the
// resident's own booking (booking/choice: the same offered dates, the same check); hold the place and send
// the payment link (checkout/phone-booking). Plain posts (intent "create", "book"), refusals through the
// refused-form mechanism, POST → 303 → GET. Whose data the operator looked at goes to the access log.
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { AccountError } from "~/services/accounts/accounts.server";
import { createAccountFor, findResidentFor, residentById } from "~/services/accounts/created-for.server";
import { recordAdminLook } from "~/services/admin/access-log.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { bookingPage, checkBookingChoice } from "~/services/booking/choice.server";
import { holdPhoneBooking, phoneBookingsOf } from "~/services/checkout/phone-booking.server";
import { AccountForSchema, BOOK_FOR_PATH } from "~/lib/book-for";
import { formatDate, formatDateTime, windowLabel } from "~/lib/format";
import { toInteger } from "~/lib/ids";
import type { Language } from "~/lib/i18n";
import { formatPhoneNational } from "~/lib/phone";
import { formatMoney } from "~/lib/pricing";
import { addressIn, addressLine, isProfileComplete } from "~/lib/profile";
import { canText } from "~/lib/reminders";
import type { User } from "../../../db/schema";
import { adminForm, unknownIntent } from "./admin-actions.server";
import { reject, submissionOf } from "./forms.server";
import { getLanguage } from "./language.server";
import { requestOrigin } from "./request.server";
import { redirectWithToast } from "./toast.server";

const residentPath = (id: number) => `${BOOK_FOR_PATH}?resident=${id}`;

/** The resident as the operator reads them on the phone. */
function residentCard(user: User, lng: Language) {
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    phone: user.phone ? formatPhoneNational(user.phone) : null,
    phoneVerified: canText(user),
    address: isProfileComplete(user) ? addressIn(addressLine(user), lng) : null,
    language: user.locale,
    openedByOperator: user.createdById !== null,
    createdAt: formatDateTime(user.createdAt, lng),
  };
}

/** Every window the resident could book now (the booking page's dates), each with its places left. */
function windowChoices(user: User, lng: Language, query: URLSearchParams) {
  const page = bookingPage(user, lng, query);
  const options = page.weeks.flatMap((week) =>
    week.dates.flatMap((date) =>
      date.windows
        .filter((w) => w.slotId !== null && w.spotsLeft > 0)
        .map((w) => ({
          slotId: w.slotId!,
          date: date.date,
          label: `${date.label}, ${w.label}`,
          spotsLeft: w.spotsLeft,
        })),
    ),
  );
  return { area: page.area, options, selection: page.selection };
}

function bookingsList(userId: number, lng: Language) {
  return phoneBookingsOf(userId).map((b) => ({
    id: b.id,
    status: b.status,
    when: `${formatDate(b.date, lng)}, ${windowLabel(b.window, lng)}`,
    bags: b.bags,
    amount: formatMoney(b.amountCents, lng),
    heldUntil: formatDateTime(b.holdExpiresAt, lng),
    confirmationNumber: b.confirmationNumber,
  }));
}

/** What the page shows for its query: the search, a resident and their choices, or nobody found. */
export async function bookForPage(request: Request, admin: User) {
  const url = new URL(request.url);
  const lng = await getLanguage(request);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 254);
  const residentParam = url.searchParams.get("resident");
  if (residentParam !== null) {
    const user = residentById(toInteger(residentParam) ?? 0);
    if (!user) throw data({ title: null }, { status: 404 });
    recordAdminLook({ adminId: admin.id, subjectUserIds: [user.id], what: "resident" });
    return {
      q: "",
      notFound: false,
      resident: residentCard(user, lng),
      choices: windowChoices(user, lng, url.searchParams),
      bookings: bookingsList(user.id, lng),
      prefill: null,
    };
  }
  if (q) {
    const found = findResidentFor(q);
    recordAdminLook({ adminId: admin.id, subjectUserIds: found ? [found.id] : [], what: "search", query: q });
    if (found) throw redirect(residentPath(found.id));
  }
  const prefill = q ? (q.includes("@") ? { email: q, phone: "" } : { email: "", phone: q }) : null;
  return { q, notFound: Boolean(q), resident: null, choices: null, bookings: [], prefill };
}

/** The page's posts: open an account ("create"), hold a place and send the link ("book"). */
export async function bookForAction(request: Request) {
  const { admin, form, intent } = await adminForm(request);
  if (intent === "create") {
    const submission = parseWithZod(form, { schema: AccountForSchema });
    if (submission.status !== "success") return reject(submission);
    try {
      const user = await createAccountFor(admin.id, submission.value, requestOrigin(request));
      return redirectWithToast(request, residentPath(user.id), {
        title: "bookfor:toast.created",
        values: { email: user.email },
      });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return reject(submission, { fieldErrors: { email: [error.key] }, status: error.status });
    }
  }
  if (intent !== "book") return unknownIntent(form);
  const user = residentById(toInteger(form.get("resident")) ?? 0);
  if (!user) throw data({ title: null }, { status: 404 });
  const submission = submissionOf(form);
  const choice = checkBookingChoice(user, {
    bags: form.get("bags"),
    date: form.get("date") ?? undefined,
    slotId: form.get("slotId"),
  });
  if (!choice.ok) return reject(submission, { formErrors: [`booking:${choice.error}`] });
  try {
    const { booking, texted } = holdPhoneBooking({
      operatorId: admin.id,
      userId: user.id,
      bags: choice.bags,
      slotId: choice.slotId,
    });
    return redirectWithToast(request, `${residentPath(user.id)}#booking-${booking.id}`, {
      title: "bookfor:toast.held",
      description: texted ? "bookfor:toast.sentBoth" : "bookfor:toast.sentEmail",
      values: { email: user.email },
    });
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return reject(submission, { formErrors: [`checkout:${error.key}`], status: error.status });
  }
}
