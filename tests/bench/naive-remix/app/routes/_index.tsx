import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

/** One page with a loader and a plain HTML form, about what the shop's order step 1 is without its business. */
export const meta: MetaFunction = () => [{ title: "Where to?" }];

export function loader() {
  return json({ heading: "Where would you like to stay?" });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  return json({ hotel: String(form.get("hotel") ?? "") });
}

export default function Index() {
  const { heading } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main>
      <h1>{heading}</h1>
      <form method="post">
        <label>
          Hotel link <input type="url" name="hotel" required />
        </label>
        <button type="submit">Continue</button>
      </form>
      {answer ? <p>You chose {answer.hotel}</p> : null}
    </main>
  );
}
