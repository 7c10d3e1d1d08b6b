import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#effaf3",
          100: "#d8f3e1",
          600: "#16803c",
          700: "#12672f",
          800: "#0f5227",
        },
      },
    },
  },
  plugins: [
    // `narrow:` a line too short for the text size: below 20em of the browser's font size (320 px at the
    // default 16 px, 640 px at 200 % text). There the sticky header and the fixed bottom bar scroll with the
    // page instead of taking a third of the screen, and label/value lists stack (WCAG 1.4.4, 1.4.10). A variant,
    // not a screen: an object in `screens` would turn off Tailwind's max-[…] variants. Asked twice: as a media
    // query (the browser's default font size) and of the page's container (body, tailwind.css) in rem, so that
    // a text size that doubles the root's font size without changing what a media query's em means (a
    // phone's text scaling, a user style) gets the same layout instead of a fixed header and bar taking half
    // the screen (issue 42, part 10).
    plugin(({ addVariant }) =>
      addVariant("narrow", ["@media (max-width: 19.99em)", "@container page (max-width: 19.99rem)"]),
    ),
    // `roomy:` room for the header's words beside its icons (its e-mail and "Sign out"): 45em, 720 px at the
    // default 16 px, 1440 px at 200 % text, where the whole header still fits one row (the height its scroll
    // padding reserves without JavaScript).
    plugin(({ addVariant }) => addVariant("roomy", "@media (min-width: 45em)")),
  ],
} satisfies Config;
