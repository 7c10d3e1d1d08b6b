// The profile's address look-up without JavaScript (issue 42): "Find my address" posts the form to look the
// typed street up; the page comes back listing the addresses found, each a button that saves the profile
// with that address (its signed position token travels as the button's value, so its coordinates are
// kept). With JavaScript the street field's own suggestions do this, and the button is not shown.
import { useTranslation } from "react-i18next";
import { decodeTokenPlace } from "~/lib/address-token";
import { PICKED_ADDRESS_FIELD } from "~/lib/profile-intents";

export function AddressChoices({ tokens }: { tokens: string[] }) {
  const { t } = useTranslation("profile");
  const places = tokens
    .map((token) => ({ token, place: decodeTokenPlace(token) }))
    .filter((c): c is { token: string; place: NonNullable<ReturnType<typeof decodeTokenPlace>> } => c.place !== null);
  return (
    <section
      aria-labelledby="address-choices-title"
      className="rounded-lg border border-brand-100 bg-brand-50 p-3"
      data-testid="address-choices"
    >
      <h2 id="address-choices-title" className="font-semibold text-stone-900">
        {places.length ? t("suggestions.pickTitle") : t("suggestions.noneFound")}
      </h2>
      {places.length ? (
        <>
          <p className="mt-1 text-sm text-stone-700">{t("suggestions.pickHint")}</p>
          <ul className="mt-2 space-y-2">
            {places.map(({ token, place }) => (
              <li key={token}>
                <button
                  type="submit"
                  name={PICKED_ADDRESS_FIELD}
                  value={token}
                  className="btn-secondary flex min-h-[44px] w-full flex-col items-start text-left"
                >
                  <span className="font-semibold">{place.streetAddress}</span>
                  <span className="text-sm font-normal text-stone-700">
                    {place.city}, {place.province} {place.postalCode}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-sm text-stone-700">{t("suggestions.noneFoundHint")}</p>
      )}
    </section>
  );
}
