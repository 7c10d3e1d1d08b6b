// The one e-mail template (issue 33 part 11): the ReCircle wordmark (inline-styled text, shown even when a
// mail client blocks images), a greeting, the message's paragraphs, its main link as a button, and the
// signature with the support address and the privacy link. Built with @react-email/components and
// rendered synchronously (react-dom/server): an e-mail is rendered inside the transaction that writes it.
// User text arrives already made unlinkable (mailer.server) and React escapes it; the only links are the
// app's own, given here as placeholders.
import { Body, Button, Container, Head, Hr, Html, Link, Section, Text } from "@react-email/components";
import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Where, in a paragraph, the message's own link and the privacy link go. */
export const LINK_PLACEHOLDER = "\uE000link\uE000";
export const PRIVACY_PLACEHOLDER = "\uE000privacy\uE000";

const GREEN = "#15803d";
const INK = "#1c1917";

const styles = {
  body: { backgroundColor: "#f5f5f4", margin: 0, padding: "16px 0", fontFamily: "Arial, Helvetica, sans-serif" },
  container: { backgroundColor: "#ffffff", maxWidth: "560px", width: "100%", padding: "24px", borderRadius: "8px" },
  wordmark: { color: GREEN, fontSize: "24px", fontWeight: 700, lineHeight: "32px", margin: "0 0 8px" },
  text: { color: INK, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  button: {
    backgroundColor: GREEN,
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: 700,
    padding: "12px 20px",
    borderRadius: "6px",
    textDecoration: "none",
  },
  link: { color: GREEN, textDecoration: "underline" },
  signature: { color: "#57534e", fontSize: "14px", lineHeight: "20px", margin: "0" },
} as const;

export type TemplateInput = {
  lang: string;
  /** The text with the placeholders: paragraphs split by blank lines, lines by one new line. */
  greeting: string;
  body: string;
  signature: string;
  link?: string;
  /** The button's words, for a paragraph that is the message's link alone. */
  action: string;
  privacy: string;
  /** The app's further links (a reminder's cancel link, an unsubscribe link), by placeholder name. */
  links?: Record<string, string>;
};

/** A paragraph's text with its line breaks and the app's links put back. */
function inline(text: string, input: TemplateInput): ReactNode[] {
  const hrefOf = (key: string) =>
    key === "link" ? input.link : key === "privacy" ? input.privacy : input.links?.[key];
  return text.split("\n").flatMap((line, i) => {
    const parts = line.split(/(\uE000\w+\uE000)/).map((part, j) => {
      const href = /^\uE000\w+\uE000$/.test(part) ? hrefOf(part.slice(1, -1)) : undefined;
      if (href !== undefined)
        return (
          <Link key={j} href={href} style={styles.link}>
            {href}
          </Link>
        );
      return <Fragment key={j}>{part}</Fragment>;
    });
    return i === 0 ? parts : [<br key={`br${i}`} />, ...parts];
  });
}

/**
 * A paragraph; a line that is the message's link alone becomes its button (the text part keeps the URL).
 */
function Paragraph({ text, input }: { text: string; input: TemplateInput }) {
  const lines = text.split("\n");
  const at = input.link === undefined ? -1 : lines.findIndex((line) => line.trim() === LINK_PLACEHOLDER);
  if (at === -1) return <Text style={styles.text}>{inline(text, input)}</Text>;
  const before = lines.slice(0, at).join("\n");
  const after = lines.slice(at + 1).join("\n");
  return (
    <>
      {before ? <Text style={styles.text}>{inline(before, input)}</Text> : null}
      <Section style={{ margin: "0 0 16px" }}>
        <Button href={input.link} style={styles.button}>
          {input.action}
        </Button>
      </Section>
      {after ? <Text style={styles.text}>{inline(after, input)}</Text> : null}
    </>
  );
}

function Email({ input }: { input: TemplateInput }) {
  const paragraphs = input.body.split(/\n{2,}/);
  return (
    <Html lang={input.lang}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.wordmark}>
            <span aria-hidden="true">♻ </span>ReCircle
          </Text>
          <Text style={styles.text}>{input.greeting}</Text>
          {paragraphs.map((paragraph, i) => (
            <Paragraph key={i} text={paragraph} input={input} />
          ))}
          <Hr />
          <Text style={styles.signature}>{inline(input.signature, input)}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part: the template filled in, as one static document. */
export function renderEmailHtml(input: TemplateInput): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<Email input={input} />)}`;
}
