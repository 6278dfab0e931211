import { Await, useLocation } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";

/**
 * A wait that streams (decisions 063, 065): the page and its words of waiting go out at once, the answer when it is
 * known. React streams a late answer to the end of the body, hidden, with a script that moves it into place; without
 * scripts app.css shows it there when it is a `.streamed-answer`.
 */
export function StreamedWait<T>({
  waiting,
  resolve,
  children,
}: {
  waiting: string;
  resolve: Promise<T>;
  children: (answer: T) => ReactNode;
}) {
  return (
    <Suspense
      fallback={
        <p className="checking-page__wait" role="status">
          {waiting}
        </p>
      }
    >
      <Await resolve={resolve}>{children}</Await>
    </Suspense>
  );
}

/** The way on once the answer is known: a refresh, which the browser follows with scripts or without, and its link. */
export function RefreshTo({ next, text }: { next: string; text: string }) {
  return (
    <div className="streamed-answer" role="status">
      <meta httpEquiv="refresh" content={`0;url=${next}`} />
      <p>
        <a href={next}>{text}</a>
      </p>
    </div>
  );
}

/**
 * The wait of a page that loads itself again when a call it waits on has ended (decisions 065, 068): `ended` settles
 * true then, or false when the stream's time is nearly up, and the page is asked for again, to answer or to wait anew.
 */
export function WaitThenReload({
  waiting,
  ended,
  endedText,
  stillWaitingText,
}: {
  waiting: string;
  ended: Promise<boolean>;
  endedText: string;
  stillWaitingText: string;
}) {
  const { pathname, search } = useLocation();
  return (
    <StreamedWait waiting={waiting} resolve={ended}>
      {(hasEnded: boolean) => <RefreshTo next={`${pathname}${search}`} text={hasEnded ? endedText : stillWaitingText} />}
    </StreamedWait>
  );
}
