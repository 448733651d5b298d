import { http, HttpResponse } from 'msw';
import { endpoints } from '@contract/endpoints';
import { getMoreQuery, sendMqBody } from '@contract/schemas';
import agreements from '../../../public/jsons/agreements.json';
import indexConfig from '../../../public/jsons/indexConfig.json';
import catalog from '../../../public/jsons/serviceCatalog.json';
import { db } from '../db';
import { formBody, ok, parse, query, url } from './common';

const files: Record<string, unknown> = { serviceCatalog: catalog, indexConfig, agreements };

export const portalHandlers = [
  http.get(url(endpoints.portalGetMore), ({ request }) => {
    const q = parse(getMoreQuery, query(request));
    if (q instanceof Response) return q;
    const sections = catalog.categories.map((category) => ({
      code: category.code,
      title: category.name,
      services: catalog.services
        .filter((s) => s.category === category.code)
        .map(({ code, name, icon, summary }) => ({ code, name, icon, summary })),
    }));
    return ok({ sections });
  }),
  http.post(url(endpoints.sendMq), async ({ request }) => {
    const body = parse(sendMqBody, await formBody(request));
    if (body instanceof Response) return body;
    db.events.push(body);
    return ok(null);
  }),
  // Static files: not enveloped (docs/product.md §7).
  http.get('*/jsons/:name', ({ params }) => {
    const name = String(params.name).replace(/\.json$/, '');
    const file = files[name];
    return file
      ? HttpResponse.json(file)
      : HttpResponse.json({ code: 404, desc: '请求的地址不存在', obj: null }, { status: 404 });
  }),
];
