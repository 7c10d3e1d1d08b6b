// The profile form: name and pickup address. The server validates (the profile route) and its reply is
// shown in place. Inside a booking, when the new address is not served by the chosen slot, the page
// says so and (with JavaScript) goes back to /booking after a few seconds.
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import type { AddressSuggestion } from "~/lib/address-selection";
import type { AddressFields, DriverInfo } from "~/lib/profile";
import { PICKUP_NOTES_MAX } from "~/lib/profile-limits";
import { AddressAutocomplete } from "./address-autocomplete";
import { PostalCodeField, ProvinceSelect, ReadOnlyEmail } from "./profile-fields";

/** How long the Address Mismatch toast stays before a JavaScript visitor is taken back to /booking. */
const MISMATCH_DELAY_MS = 3000;

/** A picked suggestion fills the other address fields, as if the resident had typed them. */
function fillAddress(form: HTMLFormElement | null, suggestion: AddressSuggestion) {
  if (!form) return;
  const values: Record<string, string> = {
    city: suggestion.city,
    province: suggestion.province,
    postalCode: suggestion.postalCode,
  };
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) {
      control.value = value;
      control.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  const street = form.elements.namedItem("streetAddress");
  if (street instanceof HTMLInputElement) street.dispatchEvent(new Event("input", { bubbles: true }));
}

export function ProfileForm({
  email,
  defaults,
  inBooking,
  lastResult,
  mismatchRedirect,
}: {
  email: string;
  /** The saved profile. */
  defaults: AddressFields & DriverInfo;
  inBooking: boolean;
  lastResult: unknown;
  /** Where to go when the new address is not served by the chosen slot (a JavaScript save). */
  mismatchRedirect: string | null;
}) {
  const { t } = useTranslation(["profile", "common"]);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();

  useEffect(() => {
    if (!mismatchRedirect) return;
    const timer = setTimeout(() => navigate(mismatchRedirect), MISMATCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mismatchRedirect, navigate]);

  const reply = useReply(lastResult, "profile");
  type Name = keyof AddressFields | keyof DriverInfo;
  /** What the server was sent (after a refused save), else the saved profile. */
  const value = (name: Name) => (lastResult ? reply.value(name) : (defaults[name] ?? ""));
  const field = (name: Name) => ({
    id: reply.fieldId(name),
    name,
    defaultValue: value(name),
    error: reply.error(name),
  });
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";

  return (
    <Form method="post" {...reply.formProps} className="card mt-4 space-y-5">
      <fieldset className="space-y-4">
        <legend className="text-base font-bold text-stone-900">{t("nameSection")}</legend>
        <PlainField {...field("firstName")} label={t("fields.firstName")} autoComplete="given-name" />
        <PlainField {...field("lastName")} label={t("fields.lastName")} autoComplete="family-name" />
        <ReadOnlyEmail email={email} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-bold text-stone-900">{t("addressSection")}</legend>
        <AddressAutocomplete
          {...field("streetAddress")}
          label={t("fields.streetAddress")}
          onPick={(suggestion) => fillAddress(reply.formProps.ref.current, suggestion)}
        />
        <PlainField
          {...field("unit")}
          label={t("fields.unit")}
          autoComplete="address-line2"
          hint={t("fields.unitHint")}
        />
        <PlainField {...field("city")} label={t("fields.city")} autoComplete="address-level2" />
        <ProvinceSelect field={field("province")} />
        <PostalCodeField field={field("postalCode")} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-bold text-stone-900">{t("driverSection")}</legend>
        <PlainField
          {...field("pickupNotes")}
          label={t("fields.pickupNotes")}
          hint={t("fields.pickupNotesHint")}
          maxLength={PICKUP_NOTES_MAX}
          autoComplete="off"
        />
        <PlainField
          {...field("phone")}
          label={t("fields.phone")}
          hint={t("fields.phoneHint")}
          type="tel"
          autoComplete="tel"
          maxLength={30}
        />
      </fieldset>

      <SubmitButton
        pending={submitting || Boolean(mismatchRedirect)}
        label={inBooking ? t("submitBooking") : t("submit")}
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
