// The visitor's landing page at /.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "./header";

export function Landing() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center py-8 text-center">
      <Logo className="h-16 w-16" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t("landing.title")}</h1>
      <p className="mt-3 max-w-prose text-lg text-stone-700">{t("landing.subtitle")}</p>
      <div className="mt-8 flex w-full max-w-sm flex-col gap-3">
        <Link to="/postal-code" className="btn-primary">
          {t("landing.newUser")}
        </Link>
        <Link to="/sign-in" className="btn-secondary">
          {t("landing.signIn")}
        </Link>
      </div>
    </section>
  );
}
