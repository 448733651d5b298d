/** The portal's settings fail fast at start-up, naming the setting (docs/style.md §14). */
describe('env', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('reads VITE_RUM_SAMPLE_RATE as a share of page loads', async () => {
    vi.stubEnv('VITE_RUM_SAMPLE_RATE', '0.25');
    vi.resetModules();
    expect((await import('./env')).env.rumSampleRate).toBe(0.25);
  });

  it.each(['1.5', '-0.1', 'ten', '', ' 1', '1e-1'])('refuses VITE_RUM_SAMPLE_RATE=%j, naming it', async (value) => {
    vi.stubEnv('VITE_RUM_SAMPLE_RATE', value);
    vi.resetModules();
    await expect(import('./env')).rejects.toThrow(/VITE_RUM_SAMPLE_RATE/);
  });
});
