import { Form } from "@remix-run/react";
import { Field, FormErrors, RequiredNote } from "~/components/field";
import { ChildrenAges } from "~/screens/order/children-ages";
import { PendingButton } from "~/components/pending-button";
import { useTranslation } from "~/i18n/use-translation";
import { MIN_ADULTS, MIN_ROOMS } from "../../../shared/input-limits";
import type { StayFormValues } from "~/order/stay-form";

export type StayFormErrors = Record<string, string[] | undefined>;
/** `required` per field, from the schema on the server (zod itself never reaches the browser). */
export type StayFormConstraint = Record<string, { required?: boolean } | undefined>;

type StayFormProps = {
  values: StayFormValues;
  errors: StayFormErrors;
  constraint: StayFormConstraint;
  /** The link was just read and the stay still lacks something: say so instead of showing errors. */
  linkRead: boolean;
  /** A pasted link is being read in the background (JavaScript only). */
  readingLink?: boolean;
  /** Called with the form once a link is pasted, to read it before the customer sends anything. */
  onLinkPasted?: (form: HTMLFormElement) => void;
};

/**
 * Step 1: the hotel link and the stay. A plain POST form: the server reads the link, fills in what it carries, and
 * checks availability once the stay is complete. The browser's own validation is off (`noValidate`) so that every
 * message is the shop's, translated and next to its field, with or without JavaScript.
 */
export function StayForm({ values, errors, constraint, linkRead, readingLink, onLinkPasted }: StayFormProps) {
  const { t } = useTranslation();
  const required = (name: string) => constraint[name]?.required ?? false;
  return (
    <Form method="post" noValidate className="stay-form">
      <FormErrors errors={errors[""]} />
      <RequiredNote />
      <input type="hidden" name="hotelId" value={values.hotelId} />
      <input type="hidden" name="parsedUrl" value={values.parsedUrl} />
      <Field
        name="url"
        label={t("order.form.url")}
        hint={t("order.form.urlHint")}
        errors={errors.url}
        required={required("url")}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.url}
            onInput={(event) => {
              const { form } = event.currentTarget;
              if ((event.nativeEvent as InputEvent).inputType === "insertFromPaste" && form) onLinkPasted?.(form);
            }}
          />
        )}
      </Field>
      {readingLink ? (
        <p className="notice" role="status">
          {t("order.form.linkReading")}
        </p>
      ) : linkRead ? (
        <p className="notice" role="status">
          {t("order.form.linkRead")}
        </p>
      ) : null}
      <fieldset className="stay-form__stay" aria-describedby="stay-hint">
        <legend>{t("order.form.stay")}</legend>
        <p id="stay-hint" className="field__hint">
          {t("order.form.stayHint")}
        </p>
        <div className="stay-form__grid">
          <Field name="checkIn" label={t("order.form.checkIn")} errors={errors.checkIn} required={required("checkIn")}>
            {(control) => <input {...control} type="date" defaultValue={values.checkIn} />}
          </Field>
          <Field
            name="checkOut"
            label={t("order.form.checkOut")}
            errors={errors.checkOut}
            required={required("checkOut")}
          >
            {(control) => <input {...control} type="date" defaultValue={values.checkOut} />}
          </Field>
          <Field name="rooms" label={t("order.form.rooms")} errors={errors.rooms} required={required("rooms")}>
            {(control) => (
              <input {...control} type="number" inputMode="numeric" min={MIN_ROOMS} defaultValue={values.rooms} />
            )}
          </Field>
          <Field
            name="adults"
            label={t("order.form.adults")}
            hint={t("order.form.adultsHint")}
            errors={errors.adults}
            required={required("adults")}
          >
            {(control) => (
              <input {...control} type="number" inputMode="numeric" min={MIN_ADULTS} defaultValue={values.adults} />
            )}
          </Field>
          <ChildrenAges values={values} errors={errors} />
        </div>
      </fieldset>
      <div className="stay-form__actions">
        <PendingButton label={t("order.form.submit")} pendingLabel={t("order.form.pending")} />
      </div>
    </Form>
  );
}
