import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field, RequiredNote } from "~/components/field";
import { OperatorDetails } from "~/components/operator-details";
import { PendingButton } from "~/components/pending-button";
import { CONTACT_HONEYPOT } from "~/screens/contact/contact-form";
import { contactAction } from "~/screens/contact/contact-form.server";
import { useTranslation } from "~/i18n/use-translation";
import { sameForEveryVisitor } from "~/same-for-every-visitor";
import { screenMeta } from "~/screen-meta";
import { screenData } from "~/screen.server";
import { useShop } from "~/shop-data";

export const meta = screenMeta;
export const handle = sameForEveryVisitor;

export function loader({ context }: LoaderFunctionArgs) {
  return screenData(context, "contact");
}

/** Sends the message to the shop's support (contact-form.server.ts). */
export function action(args: ActionFunctionArgs) {
  return contactAction(args);
}

/**
 * The contact page (SPEC §2): the shop's phone and e-mail, the company behind it, and the message form, a plain post that works without
 * JavaScript. A sent message empties the form and says thanks; a refused one keeps what was typed.
 */
export default function ContactScreen() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { site } = useShop();
  const typed = (posted?.sent ? undefined : posted?.result.initialValue) as Record<string, string> | undefined;
  const errors = posted?.result.error ?? {};
  const value = (name: string) => typed?.[name] ?? "";
  const fieldErrors = (name: string) => errors[name] ?? undefined;

  return (
    <div className="contact">
      <h1>{title}</h1>
      <p className="contact__lead">{t("contact.lead")}</p>
      <dl className="contact__channels">
        <div>
          <dt>{t("contact.phone")}</dt>
          <dd>
            <a href={`tel:${site.support.phone.replace(/\s/g, "")}`}>{site.support.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t("contact.email")}</dt>
          <dd>
            <a href={`mailto:${site.support.email}`}>{site.support.email}</a>
          </dd>
        </div>
      </dl>
      <section className="contact__operator" aria-labelledby="contact-operator">
        <h2 id="contact-operator">{t("operator.title")}</h2>
        <OperatorDetails className="operator-details" />
      </section>

      <h2 id="contact-form-title">{t("contact.formTitle")}</h2>
      {posted?.sent ? (
        <p className="notice" role="status">
          {t("contact.sent")}
        </p>
      ) : null}
      {errors[""] ? (
        <div className="form-errors" role="alert">
          <ErrorList errors={errors[""]} />
        </div>
      ) : null}
      {/* A new form after each message sent: with JavaScript the fields would otherwise keep the sent text. */}
      <Form
        method="post"
        noValidate
        aria-labelledby="contact-form-title"
        className="contact-form"
        key={posted?.sent ? "sent" : "typing"}
      >
        <RequiredNote />
        <Field name="fullname" label={t("contact.fullname")} errors={fieldErrors("fullname")} required>
          {(control) => <input {...control} type="text" autoComplete="name" defaultValue={value("fullname")} />}
        </Field>
        <Field name="email" label={t("contact.emailField")} errors={fieldErrors("email")} required>
          {(control) => <input {...control} type="email" autoComplete="email" defaultValue={value("email")} />}
        </Field>
        <Field name="subject" label={t("contact.subject")} errors={fieldErrors("subject")}>
          {(control) => <input {...control} type="text" defaultValue={value("subject")} />}
        </Field>
        <Field name="message" label={t("contact.message")} errors={fieldErrors("message")} required>
          {(control) => <textarea {...control} rows={7} defaultValue={value("message")} />}
        </Field>
        <div className="contact-form__honeypot" aria-hidden="true">
          <label>
            {t("contact.honeypot")}
            <input type="text" name={CONTACT_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <PendingButton label={t("contact.submit")} pendingLabel={t("contact.sending")} />
      </Form>
    </div>
  );
}
