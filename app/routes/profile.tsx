// /profile: the resident's name and pickup address (spec sections 2 and 5). Inside a booking
// (?bags=&slotId=) the button saves and goes on to checkout, or back to /booking when the chosen slot
// does not serve the new postal prefix (at once without JavaScript, after 3 seconds with it).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AddressAutocomplete } from "~/components/address-autocomplete";
import { Toaster } from "~/components/toaster";
import { PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { DEFAULT_PROVINCE, PROVINCES, type AddressSuggestion } from "~/lib/address-selection";
import { formatDate, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { POSTAL_CODE_MAX } from "~/lib/postal";
import { ProfileSchema } from "~/lib/profile-schema";
import { parseSubmission, reject } from "~/services/http/forms.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";
import { updateProfile } from "~/services/accounts/profile.server";
import { nextBookingStep, readBookingContext } from "~/services/http/booking-steps.server";
import { makeToast, redirectWithToast } from "~/services/http/toast.server";
import { requireUser } from "~/services/http/session.server";

export const handle = { i18n: ["common", "profile"] };

export const meta: MetaFunction = titleMeta;

/** How long the Address Mismatch toast stays before a JavaScript visitor is taken back to /booking. */
const MISMATCH_DELAY_MS = 3000;

async function missingBooking(request: Request) {
  const t = await getT(request, "profile");
  return redirectWithToast(request, "/booking", {
    title: "profile:toast.missingBooking",
    // /booking does not load the profile texts in the browser: i18next falls back to this default.
    values: { defaultValue: t("toast.missingBooking") },
    type: "error",
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const booking = readBookingContext(new URL(request.url).searchParams);
  if (booking.kind === "invalid") throw await missingBooking(request);
  const [t, lng] = await Promise.all([getT(request, "profile"), getLanguage(request)]);
  return {
    title: t(booking.kind === "booking" ? "bookingTitle" : "title"),
    email: user.email,
    defaults: {
      firstName: user.firstName,
      lastName: user.lastName,
      streetAddress: user.streetAddress,
      unit: user.unit,
      city: user.city,
      province: user.province || DEFAULT_PROVINCE,
      postalCode: user.postalCode,
    },
    bookingSummary:
      booking.kind === "booking"
        ? t("bookingSummary", {
            bags: t("bags", { count: booking.bags }),
            date: formatDate(booking.slot.date, lng),
            window: windowLabel(booking.slot.window, lng),
          })
        : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const booking = readBookingContext(new URL(request.url).searchParams);
  if (booking.kind === "invalid") return missingBooking(request);
  const { formData, submission } = await parseSubmission(request, ProfileSchema);
  if (submission.status !== "success") return reject(submission);

  try {
    updateProfile(user.id, submission.value);
  } catch (error) {
    console.error("[profile] update failed", error);
    return reject(submission, {
      status: 500,
      toast: { title: "profile:toast.updateFailed", description: "profile:toast.updateFailedDescription" },
    });
  }

  if (booking.kind === "none") {
    return redirectWithToast(request, "/profile", {
      title: "profile:toast.updated",
      description: "profile:toast.updatedDescription",
    });
  }
  const next = nextBookingStep(booking, submission.value.postalCode);
  if (next.step === "checkout") return redirect(next.url, 303);

  // The profile is saved either way; the slot chosen earlier does not serve the new address.
  const toast = { title: "profile:toast.addressMismatch", values: { fsa: next.fsa }, type: "error" as const };
  // Without JavaScript /booking?addressMismatch=true shows the Address Not Served toast itself.
  if (formData.get("js") !== "1") return redirect(next.url, 303);
  return data({
    reply: submission.reply(),
    toast: makeToast({ ...toast, description: "profile:toast.addressMismatchRedirect" }),
    mismatchRedirect: next.url,
  });
}

export default function Profile() {
  const { bookingSummary } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { t } = useTranslation(["profile", "common"]);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{bookingSummary ? t("bookingTitle") : t("title")}</h1>
      <p className="mt-1 text-stone-700">{bookingSummary ? t("bookingIntro") : t("intro")}</p>
      {bookingSummary ? (
        <p
          className="mt-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm font-medium text-brand-800"
          data-testid="booking-summary"
        >
          {bookingSummary}
        </p>
      ) : null}
      {/* A save redirects back here: the new location starts the form again from the saved (normalised) values. */}
      <ProfileForm key={location.key} />
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

function ProfileForm() {
  const { email, defaults, bookingSummary } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["profile", "common"]);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const mismatchRedirect = actionData && "mismatchRedirect" in actionData ? actionData.mismatchRedirect : null;
  useEffect(() => {
    if (!mismatchRedirect) return;
    const timer = setTimeout(() => navigate(mismatchRedirect), MISMATCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mismatchRedirect, navigate]);

  const reply = useReply(actionData?.reply, "profile");
  type Name = keyof typeof defaults;
  /** What the server was sent (after a refused save), else the saved profile. */
  const value = (name: Name) => (actionData?.reply ? reply.value(name) : (defaults[name] ?? ""));
  const field = (name: Name) => ({
    id: reply.fieldId(name),
    name,
    defaultValue: value(name),
    error: reply.error(name),
  });

  /** A picked suggestion fills the other address fields, as if the resident had typed them. */
  function fillAddress(suggestion: AddressSuggestion) {
    const element = reply.formProps.ref.current;
    if (!element) return;
    const values: Record<string, string> = {
      city: suggestion.city,
      province: suggestion.province,
      postalCode: suggestion.postalCode,
    };
    for (const [name, value] of Object.entries(values)) {
      const control = element.elements.namedItem(name);
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) {
        control.value = value;
        control.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    const street = element.elements.namedItem("streetAddress");
    if (street instanceof HTMLInputElement) street.dispatchEvent(new Event("input", { bubbles: true }));
  }

  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const province = field("province");

  return (
    <Form method="post" {...reply.formProps} className="card mt-4 space-y-5">
      <fieldset className="space-y-4">
        <legend className="text-base font-bold text-stone-900">{t("nameSection")}</legend>
        <PlainField {...field("firstName")} label={t("fields.firstName")} autoComplete="given-name" />
        <PlainField {...field("lastName")} label={t("fields.lastName")} autoComplete="family-name" />
        <div>
          <label htmlFor="profile-email" className="field-label">
            {t("fields.email")}
          </label>
          <input
            id="profile-email"
            type="email"
            value={email}
            readOnly
            aria-describedby="profile-email-hint"
            className="field-input bg-stone-100 text-stone-700"
          />
          <p id="profile-email-hint" className="mt-1 text-sm text-stone-600">
            {t("fields.emailHint")}
          </p>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-bold text-stone-900">{t("addressSection")}</legend>
        <AddressAutocomplete {...field("streetAddress")} label={t("fields.streetAddress")} onPick={fillAddress} />
        <PlainField
          {...field("unit")}
          label={t("fields.unit")}
          autoComplete="address-line2"
          hint={t("fields.unitHint")}
        />
        <PlainField {...field("city")} label={t("fields.city")} autoComplete="address-level2" />
        <div>
          <label htmlFor={province.id} className="field-label">
            {t("fields.province")}
          </label>
          <select
            id={province.id}
            name={province.name}
            defaultValue={province.defaultValue || DEFAULT_PROVINCE}
            aria-invalid={province.error ? true : undefined}
            aria-describedby={province.error ? `${province.id}-error` : undefined}
            autoComplete="address-level1"
            className="field-input"
          >
            {PROVINCES.map((code) => (
              <option key={code} value={code}>
                {t(`provinces.${code}`)}
              </option>
            ))}
          </select>
          <p id={`${province.id}-error`} className="field-error" aria-live="polite">
            {province.error ? t(province.error) : null}
          </p>
        </div>
        <PlainField
          {...field("postalCode")}
          label={t("fields.postalCode")}
          autoComplete="postal-code"
          hint={t("fields.postalCodeHint")}
          maxLength={POSTAL_CODE_MAX}
          autoCapitalize="characters"
          spellCheck={false}
          style={{ textTransform: "uppercase" }}
          onInput={(event) => {
            const input = event.currentTarget;
            const upper = input.value.toUpperCase();
            if (upper !== input.value) {
              const caret = input.selectionStart;
              input.value = upper;
              input.setSelectionRange(caret, caret);
            }
          }}
        />
      </fieldset>

      <SubmitButton
        pending={submitting || Boolean(mismatchRedirect)}
        label={bookingSummary ? t("submitBooking") : t("submit")}
        pendingLabel={mismatchRedirect ? t("mismatchRedirecting") : t("pending")}
      />
      {mismatchRedirect ? (
        <p className="text-center">
          <Link to={mismatchRedirect} className="btn-link">
            {t("mismatchGoNow")}
          </Link>
        </p>
      ) : null}
      {/* Tells the action this page can show the Address Mismatch toast itself and move on after 3 s. */}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </Form>
  );
}
