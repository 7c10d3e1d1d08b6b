// Accepted materials: the 12 categories in the resident's language, and the "will you take this?"
// search. The search is a GET form (?q=), so it works without JavaScript; with it, results follow
// the typing without a page reload.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { MaterialIcon, materialColor } from "~/components/material-icon";
import { titleMeta } from "~/lib/meta";
import type { RootData } from "~/root";
import { getLanguage, getT } from "~/services/platform/i18n.server";
import { MAX_QUERY_LENGTH, searchMaterials, type MaterialMatch } from "~/services/catalogue/materials.server";
import { requireUser } from "~/services/http/session.server";

export const handle = { i18n: ["common", "materials"] };

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH).trim();
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "materials")]);
  return { title: t("title"), q, materials: searchMaterials(lng, q) };
}

const SEARCH_DELAY_MS = 250;
/** Only a short list of results opens by itself; the full list stays compact on a phone. */
const OPEN_RESULTS_UP_TO = 3;

export default function Materials() {
  const { q, materials } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["materials", "common"]);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/materials";
  const openAll = q !== "" && materials.length <= OPEN_RESULTS_UP_TO;

  return (
    <section>
      <h1 className="page-title">{t("title")}</h1>
      <p className="mt-1 text-stone-700">{t("intro")}</p>

      <SearchForm q={q} searching={searching} />

      <p role="status" aria-live="polite" className="mt-3 text-sm text-stone-700 empty:mt-0">
        {q && materials.length > 0 ? (
          <>
            {t("search.results", { count: materials.length, q })}{" "}
            <Link to="/materials" className="btn-link" preventScrollReset>
              {t("search.clear")}
            </Link>
          </>
        ) : null}
      </p>

      <div className={searching ? "opacity-60 transition-opacity" : undefined}>
        {materials.length === 0 ? (
          <NoMatch q={q} />
        ) : (
          <ul className="mt-3 space-y-3" aria-label={t("categories")}>
            {materials.map((material) => (
              <li key={material.id}>
                <MaterialCard material={material} open={openAll} q={q} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-6 card bg-brand-50">
        <p className="text-stone-800">{t("scheduleHint")}</p>
        <Link to="/booking" className="btn-primary mt-3 w-full">
          {t("schedule")}
        </Link>
      </div>
    </section>
  );
}

function SearchForm({ q, searching }: { q: string; searching: boolean }) {
  const { t } = useTranslation(["materials", "common"]);
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const current = useRef(q);

  // Follow the URL (a "clear search" link, the back button) unless the resident is typing.
  useEffect(() => {
    current.current = q;
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      action="/materials"
      role="search"
      className="card mt-4"
      preventScrollReset
      onSubmit={() => window.clearTimeout(timer.current)}
    >
      <label htmlFor="material-search" className="field-label text-base">
        {t("search.label")}
      </label>
      <p id="material-search-hint" className="mt-0.5 text-sm text-stone-600">
        {t("search.hint")}
      </p>
      <div className="mt-2 flex gap-2">
        <input
          ref={input}
          id="material-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby="material-search-hint"
          className="field-input mt-0 min-w-0 flex-1"
          onChange={(event) => {
            const form = event.currentTarget.form;
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => {
              if (!form || !input.current || input.current.value.trim() === current.current) return;
              // One history entry per search, not one per letter.
              submit(form, { replace: current.current !== "", preventScrollReset: true });
            }, SEARCH_DELAY_MS);
          }}
        />
        <button type="submit" className="btn-secondary shrink-0">
          {searching ? t("search.searching") : t("search.submit")}
        </button>
      </div>
    </Form>
  );
}

const NOT_ACCEPTED = /^\s*(NOT ACCEPTED|NON ACCEPTÉ)\s*:?/i;

/** "5 kg", "9 V", "20 à 30 L" never break between the number and its unit on a narrow screen. */
function keepUnits(text: string): string {
  return text.replace(/(\d) (kg|g|L|cm|V|h)\b/g, "$1\u00a0$2");
}

/** "NOT ACCEPTED: a, b" → label "NOT ACCEPTED:" and the rest; other paragraphs have no label. */
function splitParagraph(paragraph: string): { label: string | null; text: string } {
  const match = NOT_ACCEPTED.exec(paragraph);
  if (!match) return { label: null, text: keepUnits(paragraph.trim()) };
  return { label: match[0].trim().replace(/ :$/, "\u00a0:"), text: keepUnits(paragraph.slice(match[0].length).trim()) };
}

function MaterialCard({ material, open, q }: { material: MaterialMatch; open: boolean; q: string }) {
  const { t } = useTranslation(["materials", "common"]);
  const color = materialColor(material.color);
  const paragraphs = material.description
    .split("|")
    .filter((p) => p.trim())
    .map(splitParagraph);
  const steps = material.preparationNote
    .split("|")
    .map((s) => keepUnits(s.trim()))
    .filter(Boolean);
  return (
    <details
      id={material.category}
      open={open || undefined}
      className={`group rounded-xl border border-l-4 border-stone-200 bg-white shadow-sm ${color.edge}`}
    >
      <summary className="flex min-h-[56px] cursor-pointer list-none items-center gap-3 rounded-xl px-3 py-2 [&::-webkit-details-marker]:hidden">
        <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${color.badge}`}>
          <MaterialIcon name={material.icon} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold leading-snug text-stone-900" data-testid="material-name">
            {material.name}
          </span>
          {material.onlyInNotAccepted ? (
            <span className="mt-0.5 inline-block rounded bg-red-50 px-1.5 text-xs font-semibold text-red-800">
              {t("onlyNotAccepted")}
            </span>
          ) : null}
        </span>
        <svg
          viewBox="0 0 20 20"
          className="h-5 w-5 shrink-0 fill-current text-stone-500 transition-transform group-open:rotate-180"
          aria-hidden="true"
        >
          <path d="M5 7l5 6 5-6z" />
        </svg>
      </summary>
      <div className="space-y-3 border-t border-stone-100 px-4 pb-4 pt-3 text-stone-800">
        {material.onlyInNotAccepted ? (
          <p className="text-sm font-medium text-red-800">{t("onlyNotAcceptedHint", { q })}</p>
        ) : null}
        {paragraphs.map((p, i) =>
          p.label ? (
            <p
              key={i}
              className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-950"
              data-not-accepted=""
            >
              <MaterialIcon name="x-circle" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
              <span>
                <strong className="font-bold">{p.label}</strong> {p.text}
              </span>
            </p>
          ) : (
            <p key={i}>{p.text}</p>
          ),
        )}
        <p className="pt-1 font-semibold text-stone-900">{t("howToPrepare")}</p>
        <ol className="list-decimal space-y-1 pl-6 marker:font-semibold marker:text-stone-600">
          {steps.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
      </div>
    </details>
  );
}

function NoMatch({ q }: { q: string }) {
  const { t } = useTranslation(["materials", "common"]);
  const root = useRouteLoaderData<RootData>("root");
  const email = root?.supportEmail ?? "";
  return (
    <div className="card mt-3 space-y-3">
      <h2 className="text-lg font-semibold">{t("empty.title", { q })}</h2>
      <p className="text-stone-700">{t("empty.body")}</p>
      {email ? (
        <p className="text-stone-700">
          <Trans
            t={t}
            i18nKey="empty.support"
            values={{ email }}
            // Trans puts the address inside the link.
            // eslint-disable-next-line jsx-a11y/anchor-has-content
            components={{ mail: <a href={`mailto:${email}`} className="btn-link" /> }}
          />
        </p>
      ) : null}
      <Link to="/materials" className="btn-secondary w-full">
        {t("empty.clear")}
      </Link>
    </div>
  );
}
