import type { CatalogService } from '@contract/types';

/** The short description of /servInform and /servInform1: what the service is, who provides it, how to use it. */
export function ServiceSummary({ service }: { service: CatalogService }) {
  return (
    <>
      <section className="serv-inform__card" aria-labelledby="serv-what">
        <h2 id="serv-what" className="serv-inform__title">
          服务介绍
        </h2>
        <p className="serv-inform__body">{service.sections[0]?.body ?? service.summary}</p>
        <p className="serv-inform__provider">服务提供方：{service.provider}</p>
      </section>
      <section className="serv-inform__card" aria-labelledby="serv-how">
        <h2 id="serv-how" className="serv-inform__title">
          使用方式
        </h2>
        <ol className="serv-inform__steps">
          {service.howToUse.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** A service's full description: every detail section of serviceCatalog.json, how to use, limits, provider. */
export function ServiceDetails({ service }: { service: CatalogService }) {
  return (
    <>
      {service.sections.map((section) => (
        <section key={section.title} className="serv-inform__card">
          <h2 className="serv-inform__title">{section.title}</h2>
          <p className="serv-inform__body">{section.body}</p>
        </section>
      ))}
      <section className="serv-inform__card">
        <h2 className="serv-inform__title">使用方式</h2>
        <ol className="serv-inform__steps">
          {service.howToUse.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <section className="serv-inform__card">
        <h2 className="serv-inform__title">使用限制</h2>
        <p className="serv-inform__body">{service.limits}</p>
      </section>
      <section className="serv-inform__card">
        <h2 className="serv-inform__title">服务提供方</h2>
        <p className="serv-inform__body">{service.provider}</p>
      </section>
    </>
  );
}
