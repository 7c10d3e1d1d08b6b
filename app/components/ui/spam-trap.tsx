// The honeypot's hidden inputs (remix-utils) for the public forms, with a translated label. Hidden with
// display:none and aria-hidden, so neither people, screen readers nor autofill see them; only bots fill them.
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useTranslation } from "react-i18next";

export function SpamTrap() {
  const { t } = useTranslation();
  return <HoneypotInputs label={t("app.honeypotLabel")} />;
}
