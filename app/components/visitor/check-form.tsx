// Step 1 of the service-area check: a GET form (?fsa=H2X). With JavaScript the field upper-cases as one
// types and the button waits for 3 characters.
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { cleanFsaInput } from "~/lib/postal";

export function CheckForm({ typed, invalid }: { typed: string; invalid: boolean }) {
  const { t } = useTranslation(["visitor", "common"]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [value, setValue] = useState(typed);
  const input = useRef<HTMLInputElement>(null);
  // On a slow phone one may type before the page is interactive: keep what was typed.
  useEffect(() => {
    const typedEarly = input.current?.value ?? "";
    if (typedEarly !== typed) setValue(cleanFsaInput(typedEarly));
  }, [typed]);
  const checking =
    navigation.state !== "idle" && navigation.formMethod === "GET" && navigation.formAction === "/postal-code";
  return (
    <Form method="get" action="/postal-code" noValidate className="card mt-4 space-y-4">
      <p className="text-stone-700">{t("postal.intro")}</p>
      <div>
        <label htmlFor="fsa" className="field-label">
          {t("postal.label")}
        </label>
        <input
          ref={input}
          id="fsa"
          name="fsa"
          value={value}
          onChange={(event) => setValue(cleanFsaInput(event.target.value))}
          type="text"
          inputMode="text"
          maxLength={3}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="fsa-hint"
          aria-invalid={invalid || undefined}
          className="field-input text-center text-2xl font-bold uppercase tracking-[0.3em]"
        />
        <p id="fsa-hint" className="mt-1 text-sm text-stone-600">
          {t("postal.hint")}
        </p>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={hydrated && (value.length !== 3 || checking)}>
        {checking ? t("postal.checking") : t("postal.check")}
      </button>
    </Form>
  );
}
