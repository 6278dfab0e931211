import { useTranslation } from "~/i18n/use-translation";

/**
 * The customer has an unpaid order of this very stay (decision 013): nothing was ordered yet, and nothing happens
 * to the earlier order until they choose to replace it or keep both. The choice is part of the reservation form
 * (`form=`), sent with the order by the same button.
 */
export function DuplicateChoice({ numbers }: { numbers: string[] }) {
  const { t } = useTranslation();
  const named = { numbers: numbers.join(", ") };
  return (
    <fieldset className="notice notice--warning duplicate-choice" role="alert" aria-describedby="duplicate-text">
      <legend>
        <strong>{t("reservation.duplicate.title")}</strong>
      </legend>
      <p id="duplicate-text">{t("reservation.duplicate.text", named)}</p>
      {(["replace", "keep_both"] as const).map((choice) => (
        <div key={choice} className="checkbox-field">
          <input type="radio" id={`duplicates-${choice}`} name="duplicates" value={choice} form="reservation-form" />
          <label htmlFor={`duplicates-${choice}`}>{t(`reservation.duplicate.${choice}`, named)}</label>
        </div>
      ))}
    </fieldset>
  );
}
