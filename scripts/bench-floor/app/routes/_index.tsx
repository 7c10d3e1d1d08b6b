// The bare page: two translated strings, nothing else.
import { useTranslation } from "react-i18next";

export const handle = { i18n: ["common"] };

export default function Index() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("body")}</p>
    </>
  );
}
