// The honeypot's hidden inputs for the public forms, with a translated label: remix-utils' HoneypotInputs
// as markup of our own, from the root loader's props, because its name field says autocomplete="nope" (not an
// autofill token: invalid HTML). Hidden with display:none and aria-hidden, so neither people, screen readers
// nor autofill see them; only bots fill them.
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RootData } from "~/root";

export function SpamTrap() {
  const { t } = useTranslation();
  const honeypot = useRouteLoaderData<RootData>("root")?.honeypot;
  if (!honeypot) return null;
  const { nameFieldName, validFromFieldName, encryptedValidFrom } = honeypot;
  const label = t("app.honeypotLabel");
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input
            id={validFromFieldName}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}
