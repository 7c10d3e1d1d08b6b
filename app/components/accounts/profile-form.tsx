// The profile form: name and pickup address. The server validates (the profile route) and its reply is
// shown in place; a postal code outside the service area is refused with the waitlist for its prefix.
// An address picked from the suggestions fills the postal code, and that postal code travels with the
// form (suggestedPostalCode): the server refuses a different one typed over it. Its signed position
// travels too (positionToken): the save keeps the suggestion's coordinates instead of geocoding again.
import { Form, useNavigation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PlainField, SubmitButton, useReply } from "~/components/ui/plain-field";
import { island } from "~/components/island";
import * as sometimes from "~/components/sometimes.server";
import type { AddressFields, DriverInfo } from "~/lib/profile";
import { PICKUP_NOTES_MAX } from "~/lib/profile-limits";
import { AddressAutocomplete } from "./address-autocomplete";
import { FindAddressButton, PostalCodeField, ProvinceSelect, ReadOnlyEmail } from "./profile-fields";

// Shown only after an address look-up without JavaScript, or a postal code refused: fetched only then.
const AddressChoices = island("address-choices", sometimes.AddressChoices, () =>
  import("./address-choices").then((module) => module.AddressChoices),
);
const NotServedNotice = island("not-served", sometimes.NotServedNotice, () =>
  import("~/components/visitor/not-served").then((module) => module.NotServedNotice),
);

export function ProfileForm({
  email,
  defaults,
  inBooking,
  lastResult,
  notServedFsa,
  addressChoices = null,
}: {
  email: string;
  /** The saved profile. */
  defaults: AddressFields & DriverInfo;
  inBooking: boolean;
  lastResult: unknown;
  /** The unserved postal prefix a refused save asked for, to offer its waitlist. */
  notServedFsa: string | null;
  /** The addresses "Find my address" found (their signed tokens), or null when it was not asked. */
  addressChoices?: string[] | null;
}) {
  const { t } = useTranslation(["profile", "common"]);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const reply = useReply(lastResult, "profile");
  // The postal code of the suggestion picked (sent back after a refused save), "" when the address was typed.
  const [suggested, setSuggested] = useState(() => (lastResult ? reply.value("suggestedPostalCode") : ""));
  const [positionToken, setPositionToken] = useState(() => (lastResult ? reply.value("positionToken") : ""));
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
    <Form
      method="post"
      {...reply.formProps}
      onInput={(event) => {
        reply.formProps.onInput(event);
        // Typing the street again (not a pick filling it) means the address is no longer the suggestion.
        const target = event.target as HTMLInputElement;
        if (target.name === "streetAddress" && event.nativeEvent.isTrusted) {
          setSuggested("");
          setPositionToken("");
        }
      }}
      className="card mt-4 space-y-5"
    >
      {/* Enter in a field saves: the form's first submit control is its default, and the addresses found come before Save. */}
      {!hydrated || addressChoices ? (
        <input type="submit" hidden tabIndex={-1} value={inBooking ? t("submitBooking") : t("submit")} />
      ) : null}
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
          onPick={(suggestion) => {
            setSuggested(suggestion.postalCode);
            setPositionToken(suggestion.positionToken ?? "");
            const form = reply.formProps.ref.current;
            void import("./address-pick").then((pick) => pick.fillAddress(form, suggestion));
          }}
        />
        <input type="hidden" name="suggestedPostalCode" value={suggested} />
        <input type="hidden" name="positionToken" value={positionToken} />
        {hydrated ? null : <FindAddressButton />}
        {addressChoices ? <AddressChoices tokens={addressChoices} /> : null}
        <PlainField
          {...field("unit")}
          label={t("fields.unit")}
          autoComplete="address-line2"
          hint={t("fields.unitHint")}
        />
        <PlainField {...field("city")} label={t("fields.city")} autoComplete="address-level2" />
        <ProvinceSelect field={field("province")} />
        <PostalCodeField field={field("postalCode")} />
        {notServedFsa ? <NotServedNotice fsa={notServedFsa} /> : null}
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
        pending={submitting}
        label={inBooking ? t("submitBooking") : t("submit")}
        pendingLabel={t("pending")}
      />
    </Form>
  );
}
