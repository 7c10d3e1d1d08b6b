// The bench's output: one aligned table, and how numbers are written in it.
import { KB } from "./config.mjs";

// Output: one aligned table. Rows are arrays of cells; "sep" draws a rule, { title } a section heading.

export function renderTable(rows) {
  const cellRows = rows.filter(Array.isArray);
  const columns = Math.max(...cellRows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(
      ...cellRows.map((r) => String(r[i] ?? "").length),
      ...rows.filter((r) => r.text).map((r) => (i === 0 ? r.label.length : 0)),
    ),
  );
  const total = widths.reduce((a, b) => a + b, 0) + 3 * (columns - 1);
  const lines = [];
  for (const row of rows) {
    if (row === "sep") lines.push("-".repeat(total));
    else if (row.text !== undefined) lines.push(`${row.label.padEnd(widths[0])}   ${row.text}`);
    else
      lines.push(
        row
          .map((cell, i) => {
            const text = String(cell ?? "");
            return i === 0 ? text.padEnd(widths[i]) : text.padStart(widths[i]);
          })
          .join("   ")
          .trimEnd(),
      );
  }
  return lines.join("\n");
}

export const kb = (bytes) => (bytes / KB).toFixed(1);
export const ms = (n) => `${Math.round(n)} ms`;
export const cpu = (n) => (n == null ? "-" : `${n.toFixed(1)} ms`);
export const ratio = (r) => (r >= 0.1 ? r.toFixed(2) : r.toPrecision(2));
