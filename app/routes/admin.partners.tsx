// /admin/partners (issue 42 part 11): the local partners our materials go to, kept by admins: list, add,
// edit (?edit=<id>), remove. The guide's last slide shows this list. Plain form posts (name="intent"),
// refusals through the refused-form mechanism: works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useActionAnswer } from "~/components/action-answer";
import { PartnerForm } from "~/components/impact/partners";
import { PartnersTable } from "~/components/impact/partners-table";
import { toInteger } from "~/lib/ids";
import { titleMeta } from "~/lib/meta";
import { PartnerFormSchema } from "~/lib/partner-form";
import {
  PartnerError,
  addPartner,
  adminForm,
  data,
  findPartner,
  getLanguage,
  getT,
  listPartners,
  partnerCategoryChoices,
  redirectWithToast,
  reject,
  removePartner,
  requireAdmin,
  submissionOf,
  unknownIntent,
  updatePartner,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "partners"] };
export const meta: MetaFunction = titleMeta;

const PAGE = "/admin/partners";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "partners")]);
  const editParam = new URL(request.url).searchParams.get("edit");
  const editing = editParam === null ? null : findPartner(toInteger(editParam));
  // A partner that is not there (removed, or a made-up ?edit=) is a 404, never an empty form.
  if (editParam !== null && !editing) throw data({ message: t("errors.notFound") }, { status: 404 });
  const choices = partnerCategoryChoices(lng);
  const names = new Map(choices.map((c) => [c.category, c.name]));
  return {
    title: t("title"),
    choices,
    editing,
    partners: listPartners().map((p) => ({ ...p, takes: p.categories.map((c) => names.get(c) ?? c) })),
  };
}

/** A service refusal as the form's reply: under its field when it has one, else the whole form's. */
function refusedPartner(error: unknown, form: FormData) {
  if (!(error instanceof PartnerError)) throw error;
  return reject(submissionOf(form), {
    formErrors: error.field ? undefined : [error.key],
    fieldErrors: error.field ? { [error.field]: [error.key] } : undefined,
    status: error.status,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { form, intent } = await adminForm(request);
  if (intent !== "add" && intent !== "edit" && intent !== "remove") return unknownIntent(form);
  try {
    if (intent === "remove") {
      const removed = removePartner(toInteger(form.get("id")));
      return redirectWithToast(request, PAGE, { title: "partners:toast.removed", values: { name: removed.name } });
    }
    const submission = parseWithZod(form, { schema: PartnerFormSchema });
    if (submission.status !== "success") return reject(submission);
    const partner =
      intent === "add" ? addPartner(submission.value) : updatePartner(toInteger(form.get("id")), submission.value);
    return redirectWithToast(request, PAGE, {
      title: intent === "add" ? "partners:toast.added" : "partners:toast.saved",
      values: { name: partner.name },
    });
  } catch (error) {
    return refusedPartner(error, form);
  }
}

export default function AdminPartners() {
  const { partners, choices, editing } = useLoaderData<typeof loader>();
  const reply = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation(["partners", "admin", "common"]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="page-title">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("intro")}</p>
      </div>
      <section aria-labelledby="partner-form-title" className="card max-w-2xl">
        <h2 id="partner-form-title" className="text-lg font-semibold">
          {editing ? t("editTitle", { name: editing.name }) : t("addTitle")}
        </h2>
        <PartnerForm
          key={editing?.id ?? "new"}
          lastResult={reply?.reply}
          choices={choices}
          editing={editing}
          busy={busy}
        />
        {editing ? (
          <Link to="/admin/partners" className="btn-link mt-3 inline-block">
            {t("cancelEdit")}
          </Link>
        ) : null}
      </section>
      <section aria-labelledby="partners-title">
        <h2 id="partners-title" className="text-lg font-semibold">
          {t("listTitle", { count: partners.length })}
        </h2>
        {partners.length ? (
          <PartnersTable partners={partners} busy={busy} />
        ) : (
          <p className="mt-2 text-stone-700" data-testid="partners-empty">
            {t("listEmpty")}
          </p>
        )}
      </section>
    </div>
  );
}
