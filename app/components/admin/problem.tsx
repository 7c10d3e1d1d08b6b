// A refused admin change as the page shows it, read from the action's failed reply (app/lib/form-reply):
// the error of a form or row of the page (its `target`; without one, the whole form's error) or of one
// field, with the values its text interpolates. Values named `<target>.<name>` belong to that target only.
import { useTranslation } from "react-i18next";
import { readReply } from "~/components/ui/plain-field";

/** An admin action's answer: a FormReply as useActionData gives it, or nothing. */
export type AdminReply = { reply?: unknown; values?: Record<string, string | number> } | null | undefined;

export type AdminProblem = { key: string; values: Record<string, string | number> };

/** The problem of `target` (a form, a row or a field), or null. */
export function problemOf(data: AdminReply, target = ""): AdminProblem | null {
  if (!data) return null;
  const key = readReply(data.reply).error(target);
  if (!key) return null;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(data.values ?? {})) {
    if (!name.includes(".")) values[name] = value;
    else if (target && name.startsWith(`${target}.`)) values[name.slice(target.length + 1)] = value;
  }
  return { key, values };
}

/** The value a field was sent with when the action refused it, or null without a reply. */
export function sentValue(data: AdminReply, name: string): string | null {
  return data ? readReply(data.reply).value(name) : null;
}

/** A refused change, shown next to the form it belongs to (or at the top when `target` is not given). */
export function Problem({ reply, target }: { reply: AdminReply; target?: string }) {
  const { t } = useTranslation("admin");
  const problem = problemOf(reply, target);
  if (!problem) return null;
  return (
    <p role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-2 text-sm font-medium text-red-800">
      {t(problem.key, problem.values)}
    </p>
  );
}

/** A field's own problem, under the field (its id is the field's `aria-describedby`). */
export function FieldProblemText({ reply, name }: { reply: AdminReply; name: string }) {
  const { t } = useTranslation("admin");
  const problem = problemOf(reply, name);
  if (!problem) return null;
  return (
    <p id={`${name}-error`} className="field-error">
      {t(problem.key, problem.values)}
    </p>
  );
}
