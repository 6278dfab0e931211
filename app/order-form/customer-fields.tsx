import type { HTMLAttributes, ReactNode } from "react";
import { ErrorList, Field, fieldId, RequiredMark } from "~/components/field";
import { useTranslation } from "~/i18n/use-translation";
import type { OrderFormValues } from "~/order-form/order-form";
import { legalDocumentPath, useShop, type LegalDocument } from "~/shop-data";

export type FormErrors = Record<string, string[] | undefined>;
type FieldsProps = { values: OrderFormValues; errors: FormErrors };

/** SPEC §5 format hints: the market's phone number, since the shop calls the customer in its market. */
export const phoneExamples = { CZK: "+420 123 456 789", PLN: "+48 123 456 789" } as const;

function text(values: OrderFormValues, name: string): string {
  const value = values[name];
  return typeof value === "string" ? value : "";
}

type TextFieldProps = FieldsProps & {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  className?: string;
};

/** One text input of an order form, showing what was typed (or the form's starting value) again. */
export function TextField({
  values,
  errors,
  name,
  label,
  hint,
  required,
  type = "text",
  autoComplete,
  inputMode,
  className,
}: TextFieldProps) {
  return (
    <Field name={name} label={label} hint={hint} errors={errors[name]} required={required} className={className}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          defaultValue={text(values, name)}
        />
      )}
    </Field>
  );
}

/** A checkbox with its label after it, and its hint and errors tied to it like any field's. */
export function CheckboxField({
  values,
  errors,
  name,
  label,
  hint,
  required,
  children,
}: FieldsProps & { name: string; label: string; hint?: string; required?: boolean; children?: ReactNode }) {
  const id = fieldId(name);
  const invalid = (errors[name]?.length ?? 0) > 0;
  const describedBy = [hint && `${id}-hint`, invalid && `${id}-errors`].filter(Boolean).join(" ");
  return (
    <div className={invalid ? "checkbox-field field--invalid" : "checkbox-field"}>
      <input
        type="checkbox"
        id={id}
        name={name}
        defaultChecked={values[name] === "on"}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
      />
      <label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={invalid ? `${id}-errors` : undefined} errors={errors[name]} />
    </div>
  );
}

/** Who orders: name, contact, address; and the company to invoice, revealed by its box (CSS, with or without JS). */
export function CustomerFields({ values, errors }: FieldsProps) {
  const { t } = useTranslation();
  const { site } = useShop();
  const props = { values, errors };
  return (
    <fieldset className="reservation-section">
      <legend>{t("reservation.customer.title")}</legend>
      <div className="form-grid">
        <TextField
          {...props}
          name="firstName"
          label={t("reservation.customer.firstName")}
          required
          autoComplete="given-name"
        />
        <TextField
          {...props}
          name="lastName"
          label={t("reservation.customer.lastName")}
          required
          autoComplete="family-name"
        />
        <TextField
          {...props}
          name="email"
          type="email"
          label={t("reservation.customer.email")}
          hint={t("reservation.customer.emailHint")}
          required
          autoComplete="email"
        />
        <TextField
          {...props}
          name="mobile"
          type="tel"
          label={t("reservation.customer.mobile")}
          hint={t("reservation.customer.example", { example: phoneExamples[site.currency] })}
          required
          autoComplete="tel"
        />
        <TextField
          {...props}
          name="street"
          label={t("reservation.customer.street")}
          required
          autoComplete="address-line1"
        />
        <TextField
          {...props}
          name="streetNumber"
          label={t("reservation.customer.streetNumber")}
          required
          autoComplete="off"
        />
        <TextField
          {...props}
          name="postalCode"
          label={t("reservation.customer.postalCode")}
          required
          autoComplete="postal-code"
        />
        <TextField
          {...props}
          name="city"
          label={t("reservation.customer.city")}
          required
          autoComplete="address-level2"
        />
        <TextField
          {...props}
          name="country"
          label={t("reservation.customer.country")}
          required
          autoComplete="country-name"
        />
      </div>
      <CheckboxField {...props} name="invoiceToCompany" label={t("reservation.customer.invoiceToCompany")} />
      <div className="form-grid company-fields">
        <TextField
          {...props}
          name="companyName"
          label={t("reservation.customer.companyName")}
          required
          autoComplete="organization"
        />
        <TextField
          {...props}
          name="companyId"
          label={t(`reservation.customer.companyId.${site.currency}`)}
          required
          autoComplete="off"
        />
        <TextField
          {...props}
          name="taxId"
          label={t(`reservation.customer.taxId.${site.currency}`)}
          autoComplete="off"
        />
      </div>
    </fieldset>
  );
}

/** The stay's guests and wishes: booking for someone else, the main guest, a note the hotel reads. */
export function GuestFields({ values, errors }: FieldsProps) {
  const { t } = useTranslation();
  const props = { values, errors };
  return (
    <fieldset className="reservation-section">
      <legend>{t("reservation.guests.title")}</legend>
      <CheckboxField {...props} name="bookingForSomeoneElse" label={t("reservation.guests.bookingForSomeoneElse")} />
      <div className="guest-fields">
        <TextField {...props} name="guestName" label={t("reservation.guests.guestName")} required autoComplete="off" />
      </div>
      <CheckboxField {...props} name="isMainGuest" label={t("reservation.guests.isMainGuest")} />
      <Field
        name="noteForHotel"
        label={t("reservation.guests.noteForHotel")}
        hint={t("reservation.guests.noteHint")}
        errors={errors.noteForHotel}
      >
        {(control) => (
          // No maxLength: the browser would cut a pasted text silently; the server says how long it may be.
          <textarea {...control} rows={3} defaultValue={text(values, "noteForHotel")} />
        )}
      </Field>
    </fieldset>
  );
}

/** SPEC §5 consents: cancellation conditions and business terms required, each with its document; marketing optional. */
export function ConsentFields({ values, errors }: FieldsProps) {
  const { t } = useTranslation();
  const { site, locale } = useShop();
  const documentLink = (document: LegalDocument, label: string) => (
    <a
      className="checkbox-field__document"
      href={legalDocumentPath(site, locale, document)}
      target="_blank"
      rel="noopener"
    >
      {label} <span className="visually-hidden">{t("footer.opensInNewTab")}</span>
    </a>
  );
  const props = { values, errors };
  return (
    <fieldset className="reservation-section">
      <legend>{t("reservation.consents.title")}</legend>
      <CheckboxField {...props} name="agreeCp" label={t("reservation.consents.agreeCp")} required>
        {documentLink("cancellation-policy", t("footer.cancellationPolicy"))}
      </CheckboxField>
      <CheckboxField {...props} name="agreeTac" label={t("reservation.consents.agreeTac")} required>
        {documentLink("terms-of-service", t("footer.termsOfService"))}
      </CheckboxField>
      <CheckboxField {...props} name="agreeMp" label={t("reservation.consents.agreeMp")} />
    </fieldset>
  );
}
