import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n/use-translation";
import { ScreenHeading } from "~/components/screen-heading";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { screenData } from "~/screen.server";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

export function loader({ context }: LoaderFunctionArgs) {
  return screenData(context, "inspiration");
}

/** The article list arrives with the content issue; until then the SPEC's empty message shows. */
export default function InspirationScreen() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeading />
      <p className="empty">{t("screens.inspiration.empty")}</p>
    </>
  );
}
