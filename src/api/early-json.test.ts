import { arrivedEarly, getIndexConfig, getServiceCatalog } from './early-json';

/**
 * The home's early files are read once (decision 0031): a home that took them while they were
 * on their way leaves nothing for a later home, which reads the files through the client.
 */
describe('the early files', () => {
  afterEach(() => {
    delete window.__early;
  });

  /** An early fetch as index.html makes it: its value is kept as it arrives. */
  function earlyFile(name: 'indexConfig' | 'serviceCatalog') {
    let answer!: (value: unknown) => void;
    const file = new Promise((resolve) => (answer = resolve)).then((value) => {
      ((window.__early ??= {}).arrived ??= {})[name] = value as never;
      return value;
    });
    ((window.__early ??= {}).files ??= {})[name] = file;
    return answer;
  }

  it('leaves nothing behind when a file arrives after the home took it', async () => {
    const config = earlyFile('indexConfig');
    const catalog = earlyFile('serviceCatalog');
    const taken = Promise.all([getIndexConfig(), getServiceCatalog()]);
    config({ index: {} });
    catalog({ services: [] });
    expect(await taken).toEqual([{ index: {} }, { services: [] }]);
    expect(window.__early?.arrived).toEqual({});
    expect(arrivedEarly()).toBeUndefined();
  });

  it('offers both files to the first render once both have arrived', async () => {
    earlyFile('indexConfig')({ index: {} });
    earlyFile('serviceCatalog')({ services: [] });
    await Promise.all([window.__early?.files?.indexConfig, window.__early?.files?.serviceCatalog]);
    expect(arrivedEarly()).toEqual({ indexConfig: { index: {} }, serviceCatalog: { services: [] } });
  });
});
