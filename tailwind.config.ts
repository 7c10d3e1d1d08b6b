import type { Config } from "tailwindcss";

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
  plugins: [],
} satisfies Config;
