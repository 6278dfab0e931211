import type { ContentPage } from "../../server/content/content-store";

/**
 * HTML the content store rendered on the server from Markdown that may bring no markup of its own
 * (server/content/markdown.ts), so it is set as it is.
 */
export function ContentHtml({ html, className = "prose" }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A content page's intro and its sections, each under its own heading with an anchor. */
export function ContentSections({ page }: { page: Pick<ContentPage, "html" | "sections"> }) {
  return (
    <>
      <ContentHtml html={page.html} />
      {page.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="content-section">
          <h2 id={section.id}>{section.heading}</h2>
          <ContentHtml html={section.html} />
        </section>
      ))}
    </>
  );
}
