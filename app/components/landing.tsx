// The visitor's landing page at /: what a visitor needs to decide without an account — the three prices
// with taxes, the categories we take, and "will you take this?" (a plain GET form answered on this page,
// with or without JavaScript).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TakeAnswer } from "~/lib/material-answer";
import { MAX_MATERIAL_QUERY } from "~/lib/material-text";
import { TakeAnswerBox } from "./materials/take-answer";
import { Logo } from "./header";

export type LandingData = {
  /** Each bag count with its bundle price and its total with taxes, formatted in the page's language. */
  prices: Array<{ bags: number; price: string; total: string }>;
  /** The accepted categories' names in the page's language. */
  categories: Array<{ category: string; name: string }>;
  q: string;
  answer: TakeAnswer | null;
  /** Issue 47: the season's kilograms kept out of landfill, aggregated; null before any intake. */
  diverted: { season: string; kg: string } | null;
};

export function Landing({ prices, categories, q, answer, diverted }: LandingData) {
  const { t } = useTranslation(["common", "search", "impact"]);
  const categoryName = categories.find((c) => c.category === answer?.category)?.name ?? null;
  return (
    <div className="mx-auto max-w-md">
      <section className="flex flex-col items-center py-8 text-center">
        <Logo className="h-16 w-16" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight narrow:text-2xl">{t("landing.title")}</h1>
        <p className="mt-3 max-w-prose text-lg text-stone-700">{t("landing.subtitle")}</p>
        {diverted ? (
          <p
            className="mt-4 min-w-0 max-w-full rounded-lg bg-brand-50 p-3 text-brand-800 [overflow-wrap:anywhere]"
            data-testid="season-diverted"
          >
            <span className="block font-semibold">{t("impact:landing.total", diverted)}</span>
            <span className="block text-sm">{t("impact:landing.totalNote")}</span>
          </p>
        ) : null}
        <div className="mt-8 flex w-full max-w-sm flex-col gap-3">
          <Link to="/postal-code" className="btn-primary">
            {t("landing.newUser")}
          </Link>
          <Link to="/sign-in" className="btn-secondary">
            {t("landing.signIn")}
          </Link>
        </div>
      </section>

      {/* On a line too short for the text the answer box inside needs the card's room: the card's frame gives way. */}
      <section
        aria-labelledby="take-title"
        className="card narrow:border-0 narrow:bg-transparent narrow:p-0 narrow:shadow-none"
      >
        <form method="get" action="/" role="search">
          <h2 id="take-title" className="text-lg font-bold">
            <label htmlFor="take-q">{t("search:landing.title")}</label>
          </h2>
          <p id="take-hint" className="mt-0.5 text-sm text-stone-600">
            {t("search:landing.hint")}
          </p>
          <div className="mt-2 flex gap-2 narrow:flex-col">
            <input
              id="take-q"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={MAX_MATERIAL_QUERY}
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby="take-hint"
              className="field-input mt-0 min-w-0 flex-1"
            />
            <button type="submit" className="btn-secondary shrink-0">
              {t("search:landing.submit")}
            </button>
          </div>
        </form>
        <div role="status">
          <TakeAnswerBox answer={answer} q={q} categoryName={categoryName} />
        </div>
      </section>

      <section aria-labelledby="prices-title" className="mt-6">
        <h2 id="prices-title" className="text-lg font-bold">
          {t("search:landing.pricesTitle")}
        </h2>
        <ul className="mt-2 grid grid-cols-3 gap-2 narrow:grid-cols-1" data-testid="prices">
          {prices.map(({ bags, price, total }) => (
            <li key={bags} className="card text-center narrow:text-left">
              <span className="block font-semibold">{t("search:landing.bags", { count: bags })}</span>
              <span className="block text-lg font-bold text-brand-800">
                {/* "with taxes" smaller: on a phone's narrow card a long word of it would break mid-word. */}
                {`${total} `}
                <span className="inline-block text-sm font-semibold leading-5">{t("search:landing.priceTaxes")}</span>
              </span>
              <span className="block text-sm text-stone-600">{t("search:landing.priceDetail", { price })}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-stone-700">{t("search:landing.pricesNote")}</p>
      </section>

      <section aria-labelledby="categories-title" className="mt-6">
        <h2 id="categories-title" className="text-lg font-bold">
          {t("search:landing.categoriesTitle")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-stone-800" data-testid="categories">
          {categories.map(({ category, name }) => (
            <li key={category}>{name}</li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-stone-700">{t("search:landing.categoriesNote")}</p>
      </section>
    </div>
  );
}
