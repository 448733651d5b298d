import { newThemePath } from './new-theme-path';

describe('newThemePath', () => {
  it.each([
    ['/servInform?code=checkup', '/servInform1?code=checkup'],
    ['/index?indexCode=ebt', '/indexNew?indexCode=ebt'],
    ['/mine', '/mineNew'],
    ['/share?promoterId=P1&agentId=A1', '/share1?promoterId=P1&agentId=A1'],
    ['/my/share#top', '/my/shareNew#top'],
    ['/rights', '/rights'],
    ['/servInform/look?code=x', '/servInform/look?code=x'],
    ['/servInform1?code=x', '/servInform1?code=x'],
  ])('%s → %s', (from, to) => {
    expect(newThemePath(from)).toBe(to);
  });
});
