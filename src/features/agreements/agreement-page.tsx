import { useParams } from 'react-router-dom';
import { getLegalDocuments } from '@/api/portal';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { useRequest } from '@/hooks/server-state';
import { useRouteMeta } from '@/hooks/use-route-meta';

/**
 * The agreement and notice documents (docs/product.md §2): texts from /jsons/agreements.json, shown as
 * plain text (never as HTML). A versioned path names the version the user was shown; if that
 * is not the current one, the current text is shown with a note.
 */
export default function AgreementPage() {
  const { version } = useParams();
  // The row's variant names the document of agreements.json (decision 0028).
  const key = useRouteMeta().variant;
  const { data, loading, error, reload } = useRequest(() => getLegalDocuments(), []);
  const doc = key ? data?.[key] : undefined;

  return (
    <article className="legal">
      <PageState loading={loading} error={error} onRetry={reload} empty={!doc} heading={<RouteHeading />}>
        {doc && (
          <>
            <h1 className="legal__title">{doc.title}</h1>
            <p className="legal__meta">
              版本 {doc.version} · 更新日期 {doc.updated}
            </p>
            {version && version !== doc.version && (
              <p className="legal__note" role="note">
                您查看的版本 {version} 已更新，以下为当前有效版本。
              </p>
            )}
            {doc.sections.map((section) => (
              <section key={section.heading} className="legal__section">
                <h2 className="legal__heading">{section.heading}</h2>
                {section.paragraphs.map((paragraph, i) => (
                  <p key={i} className="legal__paragraph">
                    {paragraph}
                  </p>
                ))}
              </section>
            ))}
          </>
        )}
      </PageState>
    </article>
  );
}
