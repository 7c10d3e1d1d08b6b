// The server's translations remembered (issue 44, first views). Rendering a page asks i18next for a few
// hundred labels; each `t("key")` walked i18next's whole path (options copied, key split, resource looked up,
// nesting and interpolation checked), about a fifth of React's render. The server's i18next instances (one per
// language and namespace set in entry.server, and the shared one of platform/translate for e-mails and the
// bell's notices) are set up once and never changed, so a label is the same string every time it is asked
// with the same options: it is remembered per instance, language, namespace, key prefix, key and options,
// when the options are plain values (a count, a date or an amount to put in; anything else goes to i18next as
// before). Labels with values vary (dates, names), so at most MAX_REMEMBERED of them are kept: past that, they
// are forgotten and remembered again as they come.
import type { i18n as I18n } from "i18next";

type FixedT = ((...args: unknown[]) => unknown) & {
  lng?: string;
  lngs?: readonly string[];
  ns?: string | readonly string[];
  keyPrefix?: string;
};

const MAX_REMEMBERED = 20_000;
/** The scopes are the code's own (a few hundred at most); bounded all the same. */
const MAX_HANDED_OUT = 2_000;

/** The options' own part of the key, or null when they are not plain values (a function, an object...). */
function optionsKey(options: unknown): string | null {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (value !== null && type !== "string" && type !== "number" && type !== "boolean" && type !== "undefined")
      return null;
  }
  return JSON.stringify(options);
}

/** `instance.getFixedT` made to hand out functions that remember what they answered for a key and its options. */
export function rememberTranslations(instance: I18n): I18n {
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const remembered = new Map<string, unknown>();
  // One function per language, namespaces and key prefix: every component that translates asks for its own
  // (react-i18next's useTranslation, on each render), and making one is i18next's and this closure's work.
  const handedOut = new Map<string, FixedT>();
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const scope = `${String(lng ?? "")}\u0000${Array.isArray(ns) ? ns.join(",") : String(ns ?? "")}\u0000${String(keyPrefix ?? "")}\u0000`;
    const existing = handedOut.get(scope);
    if (existing) return existing;
    const fixed = getFixedT(lng, ns, keyPrefix);
    const t = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string" || rest.length > 1) return fixed(key, ...rest);
      const options = rest.length === 1 ? optionsKey(rest[0]) : "";
      if (options === null) return fixed(key, ...rest);
      const id = `${scope}${key}\u0000${options}`;
      let value = remembered.get(id);
      if (value === undefined) {
        value = fixed(key, ...rest);
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(id, value);
      }
      return value;
    };
    const made = Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
    if (handedOut.size >= MAX_HANDED_OUT) handedOut.clear();
    handedOut.set(scope, made);
    return made;
  }) as unknown as I18n["getFixedT"];
  return instance;
}
