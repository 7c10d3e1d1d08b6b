// The depot's intake form (/admin/intake, issue 47 part 2), read without JavaScript's help: for each
// category a weight in kilograms with at most one decimal, in the page's language ("12,5" or "12.5"), left
// empty when nothing of it came in, and the partner it went to. Errors are "impact" namespace keys under
// the field they belong to (`kg-<category>`, `partner-<category>`).
import { parseKgTenths } from "./impact-estimate";

type IntakeFormLine = { category: string; kgTenths: number; partnerId: number | null };
export type IntakeFormRead = { lines: IntakeFormLine[]; fieldErrors: Record<string, string[]> };

type Read = { get(name: string): FormDataEntryValue | null };

/** A partner chosen in a select: a positive integer id, null for none (""), undefined for garbage. */
export function partnerChoice(raw: FormDataEntryValue | null): number | null | undefined {
  if (raw === null || raw === "") return null;
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/** The lines typed for `categories` (in their order); a category left empty is no line. */
export function readIntakeLines(form: Read, categories: readonly string[]): IntakeFormRead {
  const lines: IntakeFormLine[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const category of categories) {
    const raw = form.get(`kg-${category}`);
    if (raw === null || (typeof raw === "string" && raw.trim() === "")) continue;
    const kgTenths = parseKgTenths(raw);
    const partnerId = partnerChoice(form.get(`partner-${category}`));
    if (kgTenths === null) fieldErrors[`kg-${category}`] = ["impact:intake.errors.kg"];
    if (partnerId === undefined) fieldErrors[`partner-${category}`] = ["impact:intake.errors.partner"];
    if (kgTenths !== null && partnerId !== undefined) lines.push({ category, kgTenths, partnerId });
  }
  return { lines, fieldErrors };
}
