import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/** What a control needs to be tied to its label, hint and errors. */
export type FieldControl = {
  id: string;
  name: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

type FieldProps = {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  required?: boolean;
  className?: string;
  /** Renders the input or select with the ids and ARIA attributes given. */
  children: (control: FieldControl) => ReactNode;
};

/** Ids are made from the field name, whose brackets and dots (`childAges[1]`) would need escaping in selectors. */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^a-zA-Z0-9_-]+/g, "-")}`;
}

/**
 * One labelled form control with its hint and its errors. Screen readers hear the hint and the errors with the
 * control (aria-describedby) and learn it is invalid (aria-invalid); required fields carry an asterisk (SPEC §5).
 */
export function Field({ name, label, hint, errors, required, className, children }: FieldProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const invalid = errors !== undefined && errors.length > 0;
  const errorId = invalid ? `${id}-errors` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", invalid ? "field--invalid" : "", className ?? ""].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children({ id, name, required, "aria-invalid": invalid ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={id} className="error-list">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** The id of a screen's error summary, for the focus and for links to it. */
export const ERROR_SUMMARY_ID = "error-summary";

/** A wrong field as the error summary lists it: a link to its control, with its label and what is wrong. */
export type SummaryFieldError = { name: string; label: string; message: string };

/**
 * What a refused post asks the customer to fix, first on the screen. Without JavaScript the answer is a new page that
 * opens at its top, where the summary is, and the browser focuses it (`autofocus`); with JavaScript the screen calls
 * `focusErrorSummary` when an answer arrives, since the page does not reload. Each wrong field is a link to it.
 */
export function ErrorSummary({ messages, fields = [] }: { messages: string[]; fields?: SummaryFieldError[] }) {
  if (messages.length === 0 && fields.length === 0) return null;
  return (
    <div id={ERROR_SUMMARY_ID} className="form-errors error-summary" role="alert" tabIndex={-1} autoFocus>
      <ErrorList errors={messages} />
      {fields.length > 0 ? (
        <ul className="error-summary__fields">
          {fields.map((field) => (
            <li key={field.name}>
              <a href={`#${fieldId(field.name)}`}>
                <strong>{field.label}:</strong> {field.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Takes the cursor to the error summary, when the screen shows one. */
export function focusErrorSummary() {
  document.getElementById(ERROR_SUMMARY_ID)?.focus();
}

/** Errors of the whole form (the api refused without naming a field), announced as soon as they appear. */
export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div className="form-errors" role="alert">
      <ErrorList errors={errors} />
    </div>
  );
}

/** What the asterisk means, said once at the start of each form that has one. */
export function RequiredNote() {
  const { t } = useTranslation();
  return <p className="required-note">{t("form.requiredNote")}</p>;
}

/** The asterisk of a required field: for the eye only, since the control's own `required` tells assistive technology. */
export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <span className="field__required" title={t("form.required")} aria-hidden="true">
      {" *"}
    </span>
  );
}
