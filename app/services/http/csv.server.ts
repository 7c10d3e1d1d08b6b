// CSV downloads for admins: RFC 4180 quoting (quotes, commas, line breaks), CRLF rows, UTF-8 with a BOM
// so Excel reads accents right, and a guard against spreadsheet formulas in text people typed (OWASP's
// CSV injection guidance): such a cell is quoted and its formula start prefixed with an apostrophe.
import { DateTime } from "luxon";
import { ZONE } from "~/lib/dates";

export type CsvCell = string | number | null | undefined;

/** What starts a formula in Excel, LibreOffice or Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet would run as a formula gets an apostrophe in front: at the start of the cell and
 * after every `;`, the separator of spreadsheets set up for French (Canada) that would otherwise start a
 * new cell there.
 */
function neutralizeFormula(text: string): string {
  return text.replace(/(^|;)(?=[=+\-@\t\r])/g, "$1'");
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  // A `;` or a formula start is quoted too, so no reader splits the cell or reads it bare.
  const risky = FORMULA_START.test(value) || value.includes(";");
  const text = neutralizeFormula(value);
  return risky || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: CsvCell[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** An attachment download of the rows (the first row is the header). */
export function csvResponse(filename: string, rows: CsvCell[][]): Response {
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** '2026-05-04 13:05' in Montreal time: sortable, and read the same in either language. */
export function csvDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "";
  return DateTime.fromMillis(ms, { zone: ZONE }).toFormat("yyyy-MM-dd HH:mm");
}
