// The six-slide guide, in onboarding mode (/onboarding: skip on every slide, "Get started" at the end)
// or as the how-it-works page (/how-it-works: "Done" and "Schedule my first pickup" at the end; for a
// visitor, "Check my postal code").
// Every control is a link to `?slide=n` (or a form post), so it all works without JavaScript. With
// JavaScript those links become client navigations and the next slide shows at once (optimistic, from
// the pending navigation), without a page reload.
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { GUIDE_SLIDE_COUNT, GUIDE_SLIDES, parseSlide, type GuideSlide } from "~/lib/guide";
import { GuideNav, type GuideMode } from "./guide-nav";
import { SlideIllustration } from "./slide-illustrations";

const POINTS: Partial<Record<GuideSlide, string[]>> = {
  welcome: ["point1", "point2", "point3"],
  mix: ["point1", "point2", "point3"],
  bag: ["point1", "point2", "point3"],
  book: ["point1", "point2", "point3"],
  change: ["point1", "point2", "point3"],
};

/** The slide on screen: the one being navigated to, if any, else the loader's. */
function useCurrentSlide(loaderSlide: number): number {
  const location = useLocation();
  const navigation = useNavigation();
  const next = navigation.location;
  if (navigation.state === "loading" && !navigation.formMethod && next && next.pathname === location.pathname) {
    return parseSlide(new URLSearchParams(next.search).get("slide"));
  }
  return loaderSlide;
}

/** A partner as the last slide shows it (impact/partners partnersForGuide), in the page's language. */
export type GuidePartner = { id: number; name: string; city: string; website: string; fate: string; takes: string[] };

export function OnboardingGuide({
  mode,
  slide: loaderSlide,
  partners,
}: {
  mode: GuideMode;
  slide: number;
  /** The admins' partner list (/admin/partners); empty, the slide says so. */
  partners: GuidePartner[];
}) {
  const { t, ready } = useTranslation(["onboarding", "common"]);
  const navigation = useNavigation();
  const current = useCurrentSlide(loaderSlide);
  const id = GUIDE_SLIDES[current - 1]!;
  const isLast = current === GUIDE_SLIDE_COUNT;
  const completing = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  // When the button that was clicked disappears (Next turns into the last slide's buttons), focus the
  // new slide's title instead of dropping focus to the page.
  const rootRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body || !rootRef.current?.contains(active)) titleRef.current?.focus();
  }, [current]);

  if (!ready) {
    // The guide's texts arrive a moment after a client navigation; keep the space, show no raw keys.
    return <div className="card mt-4 h-[28rem] animate-pulse" aria-busy="true" />;
  }

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-labelledby="guide-slide-title"
      className="mt-4"
      data-testid="guide"
    >
      <div className="flex min-h-[44px] items-center justify-between gap-2">
        <p className="text-sm font-semibold text-stone-700" aria-live="polite" data-testid="guide-progress">
          {t("guide.progress", { current, total: GUIDE_SLIDE_COUNT })}
        </p>
        {mode === "onboarding" ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="skip"
              disabled={completing}
              className="min-h-[44px] rounded-lg px-3 text-base font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-50 disabled:opacity-60"
            >
              {t("onboarding.skip")}
            </button>
          </Form>
        ) : null}
      </div>

      {/* A group, not an article: an article would own the h2, leaving the carousel a section without heading. */}
      <div
        role="group"
        className="card mt-2"
        aria-roledescription="slide"
        data-testid="guide-slide"
        data-slide={current}
      >
        <div className="flex justify-center">
          <SlideIllustration slide={id} />
        </div>
        <h2
          id="guide-slide-title"
          ref={titleRef}
          tabIndex={-1}
          className="mt-4 text-xl font-bold tracking-tight text-stone-900 focus:outline-none focus-visible:outline-2"
        >
          {t(`slides.${id}.title`)}
        </h2>
        <p className="mt-2 text-stone-800">{t(`slides.${id}.body`)}</p>
        {POINTS[id] ? (
          <ul className="mt-3 space-y-2">
            {POINTS[id]!.map((point) => (
              <li key={point} className="flex gap-2 text-stone-800">
                <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true">
                  <path
                    d="M5 10.5l3 3 7-7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.4"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className="min-w-0">{t(`slides.${id}.${point}`)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {id === "circular" ? (
          <div className="mt-4">
            <h3 className="text-base font-semibold text-stone-900">{t("slides.circular.partnersTitle")}</h3>
            {partners.length ? (
              <ul className="mt-2 space-y-3" data-testid="partners">
                {partners.map((partner) => (
                  <li key={partner.id} className="min-w-0">
                    <span className="block font-semibold leading-tight text-stone-900">
                      {partner.website ? (
                        <a href={partner.website} className="btn-link" rel="external noreferrer">
                          {partner.name}
                        </a>
                      ) : (
                        partner.name
                      )}
                      {partner.city ? <span className="font-normal text-stone-700"> · {partner.city}</span> : null}
                    </span>
                    <span className="block text-stone-800">{partner.fate}</span>
                    {partner.takes.length ? (
                      <span className="block text-sm text-stone-700">
                        {t("slides.circular.partnerTakes", { list: partner.takes.join(", ") })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-stone-800" data-testid="partners-empty">
                {t("slides.circular.partnersEmpty")}
              </p>
            )}
          </div>
        ) : null}
        {isLast && mode === "guide" ? (
          <Link to="/materials" className="btn-primary mt-5 w-full">
            {t("howItWorks.schedule")}
          </Link>
        ) : null}
        {/* A visitor has no account to book with yet: the first step is to see whether we serve them. */}
        {isLast && mode === "visitor" ? (
          <Link to="/postal-code" className="btn-primary mt-5 w-full">
            {t("howItWorks.checkArea")}
          </Link>
        ) : null}
      </div>

      <GuideNav mode={mode} current={current} completing={completing} />
    </section>
  );
}
