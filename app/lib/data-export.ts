// The readable "Download my data" page's shape (issue 43): sections of titled items of label/value lines,
// every text already in the resident's language (made by services/privacy/export-view, laid out by
// components/privacy/export-sections).
import type { Language } from "./i18n";

export type ExportRow = { label: string; value: string };
/** One thing of a section (a pickup, a session...): its own heading, when it has one, and its lines. */
export type ExportItem = { heading: string | null; rows: ExportRow[] };
/** `note`: a sentence about the whole section; `empty`: what it says when it holds nothing (null: nothing). */
export type ExportSection = {
  id: string;
  title: string;
  note: string | null;
  items: ExportItem[];
  empty: string | null;
};
export type ExportView = { lng: Language; title: string; intro: string; sections: ExportSection[] };

/** Where "Download as JSON" points: the same file as GET /api/auth/export. */
export const EXPORT_JSON_PATH = "/profile/export.json";
