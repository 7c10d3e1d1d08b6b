// What a browser with JavaScript off does with a page: read its forms (a small HTML form reader, enough
// for the app's own server-rendered markup) and submit one, following redirects with a cookie jar. Used by
// the bench's `morning` part (scripts/bench/morning.mjs); no dependency.

const ENTITIES = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", "#39": "'", "#x27": "'" };
const decode = (text) => text.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/g, (_, name) => ENTITIES[name]);

function attribute(tag, name) {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? decode(match[1] ?? match[2] ?? match[3]) : null;
}
const flag = (tag, name) => new RegExp(`\\s${name}(?:=|\\s|/?$)`, "i").test(tag);

/**
 * Every `<form>` of a page: its id, action, method and controls (inputs, buttons, selects, textareas) with
 * their name, type, value, checked, disabled, formaction and formmethod.
 */
export function parseForms(html) {
  const forms = [];
  for (const [, tag, body] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const controls = [];
    for (const [, element, attrs] of body.matchAll(/<(input|button|select|textarea)\b([^>]*)>/gi)) {
      const kind = element.toLowerCase();
      controls.push({
        kind,
        type: (
          attribute(attrs, "type") ?? (kind === "button" ? "submit" : kind === "input" ? "text" : kind)
        ).toLowerCase(),
        name: attribute(attrs, "name"),
        value: attribute(attrs, "value"),
        checked: flag(attrs, "checked"),
        disabled: flag(attrs, "disabled"),
        formaction: attribute(attrs, "formaction"),
        formmethod: attribute(attrs, "formmethod")?.toLowerCase() ?? null,
      });
    }
    forms.push({
      id: attribute(tag, "id"),
      action: attribute(tag, "action"),
      method: (attribute(tag, "method") ?? "get").toLowerCase(),
      controls,
    });
  }
  return forms;
}

/**
 * What submitting `form` with `button` sends, as a browser builds it: hidden and text fields with their
 * values, the checked radios and checkboxes (a checkbox without a value sends "on"), `set` replacing or adding
 * fields by name, and the button's own name and value. Returns the method and the URL (fragment dropped).
 */
function submission(form, button, set = {}, pageUrl = "/") {
  const fields = [];
  for (const control of form.controls) {
    if (!control.name || control.disabled || control.kind === "button") continue;
    if (["submit", "button", "reset", "image", "file"].includes(control.type)) continue;
    if (control.type === "radio" || control.type === "checkbox") {
      if (control.checked) fields.push([control.name, control.value ?? "on"]);
    } else fields.push([control.name, control.value ?? ""]);
  }
  const body = fields.filter(([name]) => !(name in set));
  for (const [name, value] of Object.entries(set)) if (value !== undefined && value !== null) body.push([name, value]);
  if (button?.name) body.push([button.name, button.value ?? ""]);
  const method = (button?.formmethod ?? form.method ?? "get").toLowerCase();
  const action = new URL(button?.formaction ?? form.action ?? pageUrl, new URL(pageUrl, "http://x"));
  action.hash = "";
  const params = new URLSearchParams(body);
  if (method === "get") {
    action.search = params.toString();
    return { method: "GET", url: action.pathname + action.search, body: null };
  }
  return { method: "POST", url: action.pathname + action.search, body: params.toString() };
}

/**
 * A browser without JavaScript: a cookie jar, the headers a browser sends, redirects followed (a 303, a 302
 * or a 301 turns a POST into a GET, as browsers do). Each request's status and time is kept in `requests`.
 */
export class Browser {
  cookies = new Map();
  requests = [];
  constructor(origin, headers) {
    this.origin = origin;
    this.headers = headers;
  }
  async send(method, url, body = null) {
    const headers = { ...this.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== null) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const started = performance.now();
    const response = await fetch(this.origin + url, { method, headers, body, redirect: "manual" });
    const text = await response.text();
    this.requests.push({ method, url, status: response.status, ms: performance.now() - started });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, location: response.headers.get("location"), text, url };
  }
  /** One navigation: the request, then every redirect, up to the page that answers. */
  async navigate(method, url, body = null) {
    let answer = await this.send(method, url, body);
    for (let hops = 0; [301, 302, 303, 307, 308].includes(answer.status); hops++) {
      if (hops > 10) throw new Error(`more than 10 redirects from ${method} ${url}`);
      const next = new URL(answer.location, this.origin + answer.url);
      const keep = answer.status === 307 || answer.status === 308;
      answer = await this.send(keep ? method : "GET", next.pathname + next.search, keep ? body : null);
    }
    return answer;
  }
  /** Submits `form` of the page at `pageUrl` with `button` and the fields in `set`. */
  submit(form, button, set, pageUrl) {
    const { method, url, body } = submission(form, button, set, pageUrl);
    return this.navigate(method, url, body);
  }
}
