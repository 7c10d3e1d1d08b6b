// CSV downloads for admins: RFC 4180 quoting (quotes, commas, line breaks), CRLF rows, UTF-8 with a BOM
// so Excel reads accents right, and a guard against spreadsheet formulas in text people typed.
import { DateTime } from "luxon";
import { ZONE } from "~/lib/dates";

export type CsvCell = string | number | null | undefined;

/** Text that a spreadsheet would run as a formula gets a leading apostrophe. */
function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: CsvCell[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** An attachment download of the rows (the first row is the header). */
export function csvResponse(filename: string, rows: CsvCell[][]): Response {
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
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
