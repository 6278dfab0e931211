import { useState } from "react";
import { Field } from "~/components/field";
import { useTranslation } from "~/i18n/use-translation";
import { MAX_CHILD_AGE, MAX_CHILDREN } from "../../../shared/input-limits";
import { ageFieldCount, childAgeName, type StayFormValues } from "~/order/stay-form";

type ChildrenAgesProps = {
  values: StayFormValues;
  errors: Record<string, string[] | undefined>;
};

const childCounts = Array.from({ length: MAX_CHILDREN + 1 }, (_, count) => String(count));
const ages = Array.from({ length: MAX_CHILD_AGE + 1 }, (_, age) => age);

/**
 * The children count and one age per child. With JavaScript the age fields follow the count as it changes; without
 * it they cannot, so the server renders as many as the count or the ages already typed need, and validation says
 * when an age is missing or one too many.
 */
export function ChildrenAges({ values, errors }: ChildrenAgesProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(() => ageFieldCount(values));
  // A count outside the form's range (from a link) is still shown, so the customer sees what the error is about.
  const countOptions =
    childCounts.includes(values.children) || values.children === "" ? childCounts : [...childCounts, values.children];

  return (
    <>
      <Field
        name="children"
        label={t("order.form.children")}
        hint={t("order.form.childrenHint")}
        errors={errors.children}
        required
      >
        {(control) => (
          <select
            {...control}
            defaultValue={values.children}
            onChange={(event) => {
              const count = Number.parseInt(event.target.value, 10);
              setShown(Number.isInteger(count) ? count : 0);
            }}
          >
            {countOptions.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        )}
      </Field>
      {Array.from({ length: shown }, (_, index) => {
        const name = childAgeName(index);
        return (
          <Field
            key={name}
            name={name}
            label={t("order.form.childAge", { number: index + 1 })}
            errors={errors[name]}
            required
            className="field--age"
          >
            {(control) => (
              <select {...control} defaultValue={values.childAges[index] ?? ""}>
                <option value="">{t("order.form.childAgeChoose")}</option>
                {ages.map((age) => (
                  <option key={age} value={age}>
                    {t("count.years", { count: age })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      })}
    </>
  );
}
