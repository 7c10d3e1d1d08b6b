// /admin/intake (issue 47 parts 2 and 5): at the depot, for a date (?date=, today by default), the sorted
// weight per category (kg with one decimal, in the page's language) and the partner it went to; the day's
// records, each with a correction form (the correction and who made it are kept). Plain form posts
// (name="intent"), refusals through the refused-form mechanism: works without JavaScript. Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useActionAnswer } from "~/components/action-answer";
import { IntakeDayPicker, IntakeForm } from "~/components/impact/intake";
import { IntakeRecords } from "~/components/impact/intake-records";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { toInteger } from "~/lib/ids";
import { formatKg, parseKgTenths } from "~/lib/impact-estimate";
import { partnerChoice, readIntakeLines } from "~/lib/intake-form";
import { titleMeta } from "~/lib/meta";
import {
  IntakeError,
  adminForm,
  correctIntake,
  getLanguage,
  getT,
  intakeDate,
  intakePage,
  listMaterials,
  recordIntake,
  redirectWithToast,
  reject,
  requireAdmin,
  submissionOf,
  unknownIntent,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "impact"] };
export const meta: MetaFunction = titleMeta;

const PAGE = "/admin/intake";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "impact")]);
  const date = intakeDate(new URL(request.url).searchParams.get("date")) ?? dateKey(now());
  return { title: t("intake.title"), ...intakePage(date, lng) };
}

/** A service refusal as the form's reply: under its field when it has one, else the whole form's. */
function refusedIntake(error: unknown, form: FormData) {
  if (!(error instanceof IntakeError)) throw error;
  return reject(submissionOf(form), {
    formErrors: error.field ? undefined : [error.key],
    fieldErrors: error.field ? { [error.field]: [error.key] } : undefined,
    status: error.status,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "record" && intent !== "correct") return unknownIntent(form);
  const lng = await getLanguage(request);
  try {
    if (intent === "correct") {
      const partnerId = partnerChoice(form.get("partner"));
      if (partnerId === undefined) throw new IntakeError("impact:intake.errors.partner", 400, "partner");
      const kgTenths = parseKgTenths(form.get("kg"));
      const record = correctIntake(
        toInteger(form.get("id")),
        { kgTenths, partnerId, reason: String(form.get("reason") ?? "") },
        admin.id,
      );
      return redirectWithToast(request, `${PAGE}?date=${record.date}`, {
        title: "impact:toast.corrected",
        values: { kg: formatKg(record.kgTenths, lng) },
      });
    }
    const date = intakeDate(form.get("date"));
    const { lines, fieldErrors } = readIntakeLines(
      form,
      listMaterials("en").map((m) => m.category),
    );
    if (Object.keys(fieldErrors).length) return reject(submissionOf(form), { fieldErrors });
    const rows = recordIntake(date, lines, admin.id);
    const total = rows.reduce((s, r) => s + r.kgTenths, 0);
    return redirectWithToast(request, `${PAGE}?date=${date}`, {
      title: "impact:toast.recorded",
      values: { kg: formatKg(total, lng), date: formatDate(date!, lng) },
    });
  } catch (error) {
    return refusedIntake(error, form);
  }
}

export default function AdminIntake() {
  const { date, choices, partners, defaults, records, recent } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const lastResult = answer?.reply;
  const busy = useNavigation().state === "submitting";
  const { t, i18n } = useTranslation(["impact", "admin", "common"]);
  const lng = i18n.language;
  const names = new Map(choices.map((c) => [c.category, c.name]));
  const sentId = (lastResult?.initialValue as Record<string, unknown> | undefined)?.id;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="page-title">{t("intake.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("intake.intro")}</p>
        <IntakeDayPicker date={date} />
      </div>
      <section aria-labelledby="intake-record-title" className="card max-w-3xl">
        <h2 id="intake-record-title" className="text-lg font-semibold">
          {t("intake.recordTitle", { date: formatDate(date, lng) })}
        </h2>
        <IntakeForm
          key={date}
          date={date}
          choices={choices}
          partners={partners}
          defaults={defaults}
          recorded={records.map((r) => r.category)}
          lastResult={sentId === undefined ? lastResult : undefined}
          busy={busy}
        />
      </section>
      <section aria-labelledby="intake-day-title" className="max-w-3xl">
        <h2 id="intake-day-title" className="text-lg font-semibold">
          {t("intake.dayTitle", { date: formatDate(date, lng) })}
        </h2>
        {records.length ? (
          <IntakeRecords
            records={records}
            names={names}
            partners={partners}
            lastResult={sentId === undefined ? undefined : lastResult}
            busy={busy}
          />
        ) : (
          <p className="mt-2 text-stone-700" data-testid="intake-empty">
            {t("intake.dayEmpty")}
          </p>
        )}
      </section>
      {recent.length ? (
        <section aria-labelledby="intake-recent-title">
          <h2 id="intake-recent-title" className="text-lg font-semibold">
            {t("intake.recentTitle")}
          </h2>
          <ul className="mt-2 space-y-1">
            {recent.map((d) => (
              <li key={d.date}>
                <Link to={`${PAGE}?date=${d.date}`} className="btn-link">
                  {formatDate(d.date, lng)}
                </Link>{" "}
                <span className="text-stone-700">{t("intake.recentLine", { kg: formatKg(d.kgTenths, lng) })}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2">
            <Link to="/admin/diversion" className="btn-link">
              {t("intake.toDiversion")}
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
