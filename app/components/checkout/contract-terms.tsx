// The consumer's contract at checkout (issue 43, parts 2-3; Consumer Protection Act ss. 54.1-54.16): above
// Pay on every way to pay, who the merchant is, what is picked up and what is refused, the missed-pickup and
// cancellation rules and the terms; then, in the paying form itself, the required "I accept the terms" box
// and, on an English page, the box choosing English after receiving the French terms. The merchant's
// identity comes from the configuration (the loader's whoWeAre), the rules from the constants the cancel and
// our-fault logic use. Plain server-rendered HTML: it works without JavaScript.
import { Link, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { ACCEPT_TERMS_FIELD, acceptanceOf, FRENCH_TERMS_FIELD } from "~/lib/contract-acceptance";
import { TERMS_VERSION } from "~/lib/contract";
import { REBOOK_DAYS } from "~/lib/stops";

type Merchant = { business: string; address: string; supportPhone: string; supportEmail: string };
/** The cancellation fee as the terms state it (the loader's cancellationFeeTexts, in the page's language). */
type CancellationFee = { fee: string; total: string };

export function ContractTerms({ merchant, cancellationFee }: { merchant: Merchant; cancellationFee: CancellationFee }) {
  const { t } = useTranslation("checkout");
  return (
    <section
      className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700"
      aria-labelledby="contract-title"
      data-testid="contract-terms"
    >
      <h2 id="contract-title" className="font-semibold text-stone-900">
        {t("contract.title")}
      </h2>
      <h3 className="mt-2 font-semibold text-stone-900">{t("contract.merchantTitle")}</h3>
      <p className="mt-1" data-testid="contract-merchant">
        {merchant.business}, {merchant.address}
        <br />
        {t("contract.phone", { phone: merchant.supportPhone })}
        <br />
        {t("contract.email")}{" "}
        <a href={`mailto:${merchant.supportEmail}`} className="break-all underline">
          {merchant.supportEmail}
        </a>
      </p>
      <h3 className="mt-2 font-semibold text-stone-900">{t("contract.serviceTitle")}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>{t("contract.service")}</li>
        <li>
          {t("contract.refused")}{" "}
          <Link to="/materials" className="underline">
            {t("contract.materialsLink")}
          </Link>
        </li>
      </ul>
      <h3 className="mt-2 font-semibold text-stone-900">{t("contract.rulesTitle")}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="cancellation-terms">
        <li>{t("contract.missed")}</li>
        <li>{t("contract.ourFault", { days: REBOOK_DAYS })}</li>
        <li>{t("terms.change")}</li>
        <li>{t("terms.fee", cancellationFee)}</li>
      </ul>
      <p className="mt-2">
        <Link to="/terms" className="underline">
          {t("contract.termsLink")}
        </Link>
      </p>
    </section>
  );
}

/**
 * The boxes inside a paying form, right above its button: unticked at first (ticked again after a refusal
 * of something else, from the reply's values). `error(name)` is the refusal's key for a box; with
 * JavaScript the first refused box takes the focus, without it the refused page opens on it.
 */
export function AcceptTerms({
  error,
  ticked,
}: {
  error: (name: string) => string | null;
  /** Whether a box was ticked in the refused post (so it is not unticked by a refusal of the card). */
  ticked?: (name: string) => boolean;
}) {
  const { t, i18n } = useTranslation("checkout");
  const english = i18n.language === "en";
  return (
    <div className="space-y-2" data-testid="accept-terms">
      {english ? (
        <p className="text-sm text-stone-700">
          <Link to="/terms?lang=fr" hrefLang="fr" className="underline">
            {t("contract.frenchTermsLink")}
          </Link>
        </p>
      ) : null}
      <TermsBox
        id={ACCEPT_TERMS_FIELD}
        name={ACCEPT_TERMS_FIELD}
        label={t("contract.accept", { version: TERMS_VERSION })}
        error={error(ACCEPT_TERMS_FIELD)}
        ticked={ticked?.(ACCEPT_TERMS_FIELD) ?? false}
      />
      {english ? (
        <TermsBox
          id={FRENCH_TERMS_FIELD}
          name={FRENCH_TERMS_FIELD}
          label={t("contract.frenchChoice")}
          error={error(FRENCH_TERMS_FIELD)}
          ticked={ticked?.(FRENCH_TERMS_FIELD) ?? false}
        />
      ) : null}
    </div>
  );
}

export function TermsBox(props: { id: string; name: string; label: string; error: string | null; ticked: boolean }) {
  const { t } = useTranslation("checkout");
  const hydrated = useHydrated();
  const answer = useActionData();
  const box = useRef<HTMLInputElement>(null);
  const errorId = `${props.id}-error`;
  // With JavaScript: the first refused field of the form takes the focus (a card field above comes first).
  useEffect(() => {
    const input = box.current;
    if (!props.error || !input) return;
    const first = input.form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first || first === input) input.focus();
  }, [answer, props.error]);
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          ref={box}
          id={props.id}
          name={props.name}
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-green-700"
          defaultChecked={props.ticked}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={errorId}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- moving focus to a refusal is the accessible pattern
          autoFocus={!hydrated && Boolean(props.error)}
        />
        <label htmlFor={props.id} className="min-w-0 break-words text-sm text-stone-800">
          {props.label}
        </label>
      </div>
      {/* Always present and live, so an error that appears (with JavaScript) is read out. */}
      <p id={errorId} className="field-error" aria-live="polite">
        {props.error ? t(props.error) : null}
      </p>
    </div>
  );
}

/**
 * With JavaScript (the Stripe card form): the boxes as the JSON API takes them, or the box to tick (focused;
 * the server would refuse it too). An English page asks for a contract in English.
 */
export function contractBoxes(form: HTMLFormElement, lng: string) {
  const box = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const language = lng === "en" ? "en" : "fr";
  const frenchTermsReceived = box(FRENCH_TERMS_FIELD)?.checked === true;
  const answer = acceptanceOf(
    { acceptTerms: box(ACCEPT_TERMS_FIELD)?.checked === true, language, frenchTermsReceived },
    Date.now(),
  );
  if (answer.refusal) {
    box(answer.refusal.field)?.focus();
    return { accepted: null, refusal: answer.refusal };
  }
  return { accepted: { acceptTerms: true, contractLanguage: language, frenchTermsReceived }, refusal: null };
}
