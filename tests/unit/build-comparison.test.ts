/**
 * The arithmetic of `npm run bench -- --compare` (scripts/build-comparison.ts): the visits'
 * order, medians and ratios, which runs count, and the tables docs/performance.md takes.
 */
import {
  comparisonTable,
  documentSize,
  inlineScripts,
  markdownTable,
  median,
  medianCriticalPath,
  ratio,
  type Row,
  runsTable,
  schedule,
  sizesTable,
  summarize,
} from '../../scripts/build-comparison';

describe('the order of the visits', () => {
  it('alternates the builds, old then new, for every case in every round', () => {
    const order = schedule(2, ['/index', '/mine']).map((v) => `${v.round}:${v.case}:${v.build}`);
    expect(order).toEqual([
      '0:/index:old',
      '0:/index:new',
      '0:/mine:old',
      '0:/mine:new',
      '1:/index:old',
      '1:/index:new',
      '1:/mine:old',
      '1:/mine:new',
    ]);
  });

  it('never visits the same build twice in a row, and each build `runs` times per case', () => {
    const order = schedule(5, ['a', 'b', 'c']);
    for (let i = 1; i < order.length; i += 1) expect(order[i].build).not.toBe(order[i - 1].build);
    for (const c of ['a', 'b', 'c'])
      for (const build of ['old', 'new'])
        expect(order.filter((v) => v.case === c && v.build === build)).toHaveLength(5);
  });

  it('refuses a number of runs that is not a whole number from 1', () => {
    expect(() => schedule(0, ['a'])).toThrow('--runs takes a whole number from 1 (got 0)');
    expect(() => schedule(Number.NaN, ['a'])).toThrow('--runs');
    expect(() => schedule(1.5, ['a'])).toThrow('--runs');
  });
});

describe('medians and ratios', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([400, 100, 300, 200])).toBe(250);
    expect(median([7])).toBe(7);
    expect(median([])).toBeUndefined();
  });

  it('does not reorder what it is given', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('is new over old, and nothing when either is missing or old is 0', () => {
    expect(ratio(200, 150)).toBe(0.75);
    expect(ratio(undefined, 150)).toBeUndefined();
    expect(ratio(200, undefined)).toBeUndefined();
    expect(ratio(0, 150)).toBeUndefined();
  });
});

describe('which runs count', () => {
  it('leaves a failed run out of the median and the CLS, and keeps its reason once', () => {
    const s = summarize([
      { lcp: 100, cls: 0 },
      { failed: 'the app did not show .right-card within 30 s' },
      { lcp: 900, cls: 0.02 },
      { failed: 'the app did not show .right-card within 30 s' },
      { lcp: 300, cls: 0.01 },
    ]);
    expect(s).toEqual({
      lcp: 300,
      cls: 0.02,
      counted: 3,
      runs: 5,
      failures: ['the app did not show .right-card within 30 s'],
    });
  });

  it('has no figures when no run counted', () => {
    expect(summarize([{ failed: 'HTTP 500' }])).toMatchObject({ lcp: undefined, cls: undefined, counted: 0, runs: 1 });
  });
});

describe('the LCP and CLS table', () => {
  const rows: Row[] = [
    {
      screen: '/rights',
      visitor: 'customer',
      cache: 'cold',
      old: [
        { lcp: 400, cls: 0 },
        { lcp: 420, cls: 0 },
        { lcp: 380, cls: 0.004 },
      ],
      new: [{ lcp: 300, cls: 0 }, { failed: 'the page shows .route-error' }, { lcp: 310, cls: 0 }],
    },
    { screen: '/mine', visitor: 'guest', cache: 'warm', old: [{ failed: 'HTTP 502' }], new: [{ lcp: 80.4, cls: 0 }] },
  ];

  it('has a row per screen, visitor and cache: medians, new/old, the worst CLS and the runs counted', () => {
    expect(comparisonTable(rows)).toEqual([
      '| screen  | visitor  | cache | LCP old | LCP new | new/old | CLS old | CLS new | runs counted |',
      '|---------|----------|-------|--------:|--------:|--------:|--------:|--------:|-------------:|',
      '| /rights | customer | cold  |     400 |     305 |   ×0.76 |   0.004 |   0.000 |    3/3 · 2/3 |',
      '| /mine   | guest    | warm  |  failed |      80 |       – |  failed |   0.000 |    0/1 · 1/1 |',
      '  not counted: /rights customer cold, new: the page shows .route-error',
      '  not counted: /mine guest warm, old: HTTP 502',
    ]);
  });

  it('lists each run in the order measured, ✗ for one not counted, and the LCP elements seen', () => {
    const withElements: Row[] = [
      {
        screen: '/mine',
        visitor: 'customer',
        cache: 'cold',
        old: [
          { lcp: 180.2, cls: 0, element: 'p.mine__phone (boot)' },
          { failed: 'HTTP 502' },
          { lcp: 112, cls: 0, element: 'p.mine__phone (boot)' },
        ],
        new: [
          { lcp: 152, cls: 0, element: 'p.mine__phone (boot)' },
          { lcp: 76, cls: 0, element: 'p.mine__name (app)' },
        ],
      },
    ];
    expect(runsTable(withElements).at(-1)).toBe(
      '| /mine  | customer | cold  | 180 ✗ 112         | 152 76            | p.mine__phone (boot) | p.mine__phone (boot), p.mine__name (app) |',
    );
  });

  it('pads each column to its widest cell', () => {
    expect(markdownTable(['a', 'bb'], [['ccc', 'd']], [false, true])).toEqual([
      '| a   | bb |',
      '|-----|---:|',
      '| ccc |  d |',
    ]);
  });
});

describe('the sizes', () => {
  it('counts the inline scripts as the size test does: bare <script> tags only, in UTF-8 bytes', () => {
    const html = '<script>a=1</script><script type="module" src="/x.js"></script><script>b="健"</script>';
    expect(inlineScripts(html)).toEqual(['a=1', 'b="健"']);
    expect(documentSize(html)).toMatchObject({ bytes: Buffer.byteLength(html), inlineScripts: 3 + 7 });
  });

  it('takes the critical path of the median run, the heavier of the middle two', () => {
    expect(
      medianCriticalPath([
        { files: 5, gzip: 300 },
        { files: 4, gzip: 100 },
        { files: 4, gzip: 200 },
      ]),
    ).toEqual({ files: 4, gzip: 200 });
    expect(
      medianCriticalPath([
        { files: 4, gzip: 100 },
        { files: 5, gzip: 300 },
      ]),
    ).toEqual({ files: 5, gzip: 300 });
    expect(medianCriticalPath([])).toBeUndefined();
  });

  it('prints both builds per path with the differences new − old', () => {
    const document = { bytes: 44_997, gzip: 13_428, inlineScripts: 23_704 };
    expect(
      sizesTable([
        {
          screen: '/index',
          visitor: 'guest',
          document: { old: document, new: { bytes: 39_296, gzip: 12_907, inlineScripts: 21_942 } },
          critical: { old: { files: 4, gzip: 118_090 }, new: { files: 4, gzip: 118_000 } },
        },
        {
          screen: '/mine',
          visitor: 'customer',
          document: { old: document, new: undefined },
          critical: { old: { files: 26, gzip: 213_164 }, new: undefined },
        },
      ]).slice(2),
    ).toEqual([
      '| /index | guest    |     44,997 (13,428) |     39,296 (12,907) |        23,704 |        21,942 |    -1,762 |              118,090 (4) |              118,000 (4) |       -90 |',
      '| /mine  | customer |     44,997 (13,428) |              failed |        23,704 |        failed |         – |             213,164 (26) |                   failed |         – |',
    ]);
  });
});
