// An e-mail address that never breaks mid-word: on a narrow screen it may only wrap before its "@" and
// its dots (word breaks, not hyphenation or an arbitrary letter).
import { Fragment } from "react";

export function EmailText({ email, className = "" }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`email-text ${className}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
