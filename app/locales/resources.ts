// Every translation, by language and namespace. The server imports this module; the browser fetches
// its namespaces from /locales/{lng}/{ns} (one, or several joined by "+") so it never downloads the other
// language.
// A route names the namespaces it needs in `handle.i18n`; "common" is always loaded.
import { NAMESPACE_JOIN, type Language } from "~/lib/i18n";
import enBooking from "./en/booking.json";
import enProfile from "./en/profile.json";
import enCheckout from "./en/checkout.json";
import enAdmin from "./en/admin.json";
import enPeople from "./en/people.json";
import enCommon from "./en/common.json";
import enOrders from "./en/orders.json";
import enEmails from "./en/emails.json";
import enMaterials from "./en/materials.json";
import enOnboarding from "./en/onboarding.json";
import enVisitor from "./en/visitor.json";
import enReplicas from "./en/replicas.json";
import enPrivacy from "./en/privacy.json";
import enPolicy from "./en/policy.json";
import enHelp from "./en/help.json";
import enDriver from "./en/driver.json";
import enSearch from "./en/search.json";
import enCalendar from "./en/calendar.json";
import enReminders from "./en/reminders.json";
import enAlerts from "./en/alerts.json";
import enPartners from "./en/partners.json";
import enStops from "./en/stops.json";
import enExport from "./en/export.json";
import enInsights from "./en/insights.json";
import enMyplans from "./en/myplans.json";
import enBookfor from "./en/bookfor.json";
import enImpact from "./en/impact.json";
import frBooking from "./fr/booking.json";
import frProfile from "./fr/profile.json";
import frCheckout from "./fr/checkout.json";
import frAdmin from "./fr/admin.json";
import frPeople from "./fr/people.json";
import frCommon from "./fr/common.json";
import frOrders from "./fr/orders.json";
import frEmails from "./fr/emails.json";
import frMaterials from "./fr/materials.json";
import frOnboarding from "./fr/onboarding.json";
import frVisitor from "./fr/visitor.json";
import frReplicas from "./fr/replicas.json";
import frPrivacy from "./fr/privacy.json";
import frPolicy from "./fr/policy.json";
import frHelp from "./fr/help.json";
import frDriver from "./fr/driver.json";
import frSearch from "./fr/search.json";
import frCalendar from "./fr/calendar.json";
import frReminders from "./fr/reminders.json";
import frAlerts from "./fr/alerts.json";
import frPartners from "./fr/partners.json";
import frStops from "./fr/stops.json";
import frExport from "./fr/export.json";
import frInsights from "./fr/insights.json";
import frMyplans from "./fr/myplans.json";
import frBookfor from "./fr/bookfor.json";
import frImpact from "./fr/impact.json";

export const resources = {
  en: {
    common: enCommon,
    emails: enEmails,
    visitor: enVisitor,
    onboarding: enOnboarding,
    materials: enMaterials,
    booking: enBooking,
    profile: enProfile,
    checkout: enCheckout,
    admin: enAdmin,
    people: enPeople,
    orders: enOrders,
    replicas: enReplicas,
    privacy: enPrivacy,
    policy: enPolicy,
    help: enHelp,
    driver: enDriver,
    search: enSearch,
    calendar: enCalendar,
    reminders: enReminders,
    alerts: enAlerts,
    partners: enPartners,
    stops: enStops,
    export: enExport,
    insights: enInsights,
    myplans: enMyplans,
    bookfor: enBookfor,
    impact: enImpact,
  },
  fr: {
    common: frCommon,
    emails: frEmails,
    visitor: frVisitor,
    onboarding: frOnboarding,
    materials: frMaterials,
    booking: frBooking,
    profile: frProfile,
    checkout: frCheckout,
    admin: frAdmin,
    people: frPeople,
    orders: frOrders,
    replicas: frReplicas,
    privacy: frPrivacy,
    policy: frPolicy,
    help: frHelp,
    driver: frDriver,
    search: frSearch,
    calendar: frCalendar,
    reminders: frReminders,
    alerts: frAlerts,
    partners: frPartners,
    stops: frStops,
    export: frExport,
    insights: frInsights,
    myplans: frMyplans,
    bookfor: frBookfor,
    impact: frImpact,
  },
};

export type Namespace = keyof (typeof resources)["en"];
/** Namespaces the browser may download; e-mail texts stay on the server. */
export const PUBLIC_NAMESPACES: Namespace[] = [
  "common",
  "visitor",
  "onboarding",
  "materials",
  "booking",
  "profile",
  "checkout",
  "admin",
  "people",
  "orders",
  "privacy",
  "policy",
  "help",
  "driver",
  "search",
  "calendar",
  "reminders",
  "alerts",
  "partners",
  "stops",
  "insights",
  "export",
  "myplans",
  "bookfor",
  "impact",
];

/**
 * The namespaces a `/locales/{lng}/{ns}` path names: one, or several joined by NAMESPACE_JOIN, each a public
 * one, in their sorted order (so none twice). Anything else is null (the route answers 404).
 */
export function requestedNamespaces(param: string | undefined): Namespace[] | null {
  if (!param) return null;
  const names = param.split(NAMESPACE_JOIN);
  // One file per set: the order the browser asks in (lib/i18n's localesPath), nothing else to cache.
  if (names.some((name, i) => i > 0 && name <= names[i - 1]!)) return null;
  return names.every((name) => PUBLIC_NAMESPACES.includes(name as Namespace)) ? (names as Namespace[]) : null;
}

/** What `/locales/{lng}/{ns}` answers for these namespaces (lib/i18n's textsIn reads it back). */
export function localesAnswer(lng: Language, names: Namespace[]) {
  return names.length === 1
    ? resources[lng][names[0]!]
    : Object.fromEntries(names.map((ns) => [ns, resources[lng][ns]]));
}
