// The answer to "will you take this?": yes or no in one sentence, and for a no, where to take it
// instead (Montréal's écocentres, Recyc-Québec's "Ça va où?"). Shown on /materials and on the landing page.
import { useTranslation } from "react-i18next";
import type { TakeAnswer } from "~/lib/material-answer";
import { CA_VA_OU_URL, dropOffFor } from "~/lib/elsewhere";

export function TakeAnswerBox({
  answer,
  q,
  categoryName,
}: {
  answer: TakeAnswer | null;
  q: string;
  /** The answer's category in the page's language, or null. */
  categoryName: string | null;
}) {
  const { t } = useTranslation("search");
  if (!q) return null;
  if (!answer) {
    return (
      <p className="card mt-3 text-stone-800" data-answer="unknown">
        {t("unknown", { q })}{" "}
        <a href={CA_VA_OU_URL} className="btn-link" hrefLang="fr">
          {t("caVaOu")}
        </a>
      </p>
    );
  }
  const yes = answer.verdict === "yes";
  const sentence = yes
    ? answer.thing
      ? t("yesThing", { thing: answer.thing })
      : t("yesText", { q })
    : answer.thing
      ? t("noThing", { thing: answer.thing })
      : t("noText", { q, category: categoryName ?? "" });
  return (
    <div
      className={`mt-3 rounded-xl border p-4 narrow:p-3 ${yes ? "border-brand-100 bg-brand-50" : "border-red-200 bg-red-50"}`}
      data-answer={answer.verdict}
    >
      <p className={`text-lg font-semibold ${yes ? "text-brand-800" : "text-red-900"}`}>{sentence}</p>
      {yes && categoryName ? (
        <p className="mt-1 text-stone-800">{t("yesCategory", { category: categoryName })}</p>
      ) : null}
      {yes ? null : (
        <>
          <p className="mt-2 text-stone-900">{t("elsewhere")}</p>
          <ul className="mt-1 list-disc space-y-1 pl-6 narrow:list-inside narrow:pl-0">
            {/* The same places GET /api/materials/answer lists (lib/elsewhere). */}
            {dropOffFor(answer).map((place) => (
              <li key={place.id}>
                <a href={place.url} className="btn-link" hrefLang="fr">
                  {t(place.id)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
