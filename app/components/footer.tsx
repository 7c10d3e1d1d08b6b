// Who we are, on every page (issue 34): the privacy page, the terms, help and contact, and the
// accessibility statement. Plain links: it works without JavaScript, for visitors, residents and admins.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmailText } from "./operators/email-text";

const LINKS = [
  { to: "/privacy", key: "footer.privacy" },
  { to: "/terms", key: "footer.terms" },
  { to: "/help", key: "footer.help" },
  { to: "/accessibility", key: "footer.accessibility" },
] as const;

/** `aboveBottomNav`: a resident's fixed bottom bar covers the foot of wide pages, so room is kept for it. */
export function Footer({ supportEmail, aboveBottomNav }: { supportEmail: string | null; aboveBottomNav: boolean }) {
  const { t } = useTranslation();
  return (
    <footer
      className={`border-t border-stone-200 bg-stone-50 text-sm text-stone-700 ${aboveBottomNav ? "pb-20 narrow:pb-0" : ""}`}
      data-testid="site-footer"
    >
      <div className="mx-auto max-w-3xl px-4 py-4 narrow:px-3">
        <nav aria-label={t("footer.label")}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block min-h-[44px] content-center underline">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {supportEmail ? (
          <p className="mt-1 break-words">
            {t("footer.support", { email: "" })}
            <a href={`mailto:${supportEmail}`} className="underline">
              <EmailText email={supportEmail} />
            </a>
          </p>
        ) : null}
      </div>
    </footer>
  );
}
