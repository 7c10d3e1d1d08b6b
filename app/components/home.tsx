// The signed-in resident's home page at /.
import { useTranslation } from "react-i18next";

export function Home() {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="page-title">{t("toast.welcomeBack")}</h1>
    </section>
  );
}
