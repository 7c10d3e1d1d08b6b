// The guide's way through its slides: a dot per slide, Previous and Next, and on the last slide Get
// started (onboarding, a POST) or Done (the guide). Plain links (?slide=n), so it works without JavaScript.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GUIDE_SLIDE_COUNT, GUIDE_SLIDES } from "~/lib/guide";

/**
 * The guide met once after sign-up (it can be skipped or completed), read again at /how-it-works by a
 * resident ("guide"), or read there by a visitor without an account ("visitor").
 */
export type GuideMode = "onboarding" | "guide" | "visitor";

const to = (n: number) => `?slide=${n}`;
const linkProps = { replace: true, preventScrollReset: true } as const;

export function GuideNav({ mode, current, completing }: { mode: GuideMode; current: number; completing: boolean }) {
  const { t } = useTranslation(["onboarding", "common"]);
  const isLast = current === GUIDE_SLIDE_COUNT;
  // Kept in view above the bottom navigation (a visitor has none: at the bottom of the screen), so Next is
  // always one tap away on a phone.
  const above =
    mode === "visitor" ? "bottom-[env(safe-area-inset-bottom)]" : "bottom-[calc(57px+env(safe-area-inset-bottom))]";
  return (
    <div
      className={`sticky ${above} z-10 -mx-4 mt-2 border-t border-stone-200 bg-stone-50/95 px-4 pb-3 backdrop-blur narrow:static narrow:-mx-3 narrow:px-3`}
    >
      <nav aria-label={t("guide.slides")}>
        <ol className="flex flex-wrap justify-center">
          {GUIDE_SLIDES.map((slideId, index) => {
            const n = index + 1;
            const active = n === current;
            return (
              <li key={slideId}>
                <Link
                  to={to(n)}
                  {...linkProps}
                  aria-current={active ? "step" : undefined}
                  aria-label={t("guide.goTo", { number: n, title: t(`slides.${slideId}.title`) })}
                  className="group flex h-11 w-11 items-center justify-center rounded-full"
                >
                  <span
                    className={`block rounded-full transition-all ${
                      active ? "h-3 w-6 bg-brand-700" : "h-3 w-3 bg-stone-300 group-hover:bg-stone-400"
                    }`}
                  />
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>

      <div className="grid grid-cols-2 gap-3 narrow:grid-cols-1">
        {current > 1 ? (
          <Link to={to(current - 1)} {...linkProps} className="btn-secondary" rel="prev">
            {t("guide.previous")}
          </Link>
        ) : (
          <span aria-hidden="true" />
        )}
        {!isLast ? (
          <Link to={to(current + 1)} {...linkProps} className="btn-primary" rel="next">
            {t("guide.next")}
          </Link>
        ) : mode === "onboarding" ? (
          <Form method="post" className="contents">
            <button
              type="submit"
              name="intent"
              value="complete"
              disabled={completing}
              aria-busy={completing || undefined}
              className="btn-primary"
            >
              {completing ? t("onboarding.saving") : t("onboarding.getStarted")}
            </button>
          </Form>
        ) : (
          <Link to="/" className="btn-secondary">
            {t("howItWorks.done")}
          </Link>
        )}
      </div>
    </div>
  );
}
