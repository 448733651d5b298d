import { storedCustomer } from './stored-customer';

/** The boot modules' session check: the app's rule (decision 0023), read without the store. */
const store = (userInfo: unknown) => localStorage.setItem('user', JSON.stringify({ state: { userInfo } }));
const clearCookie = () => (document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT');

afterEach(clearCookie);

describe('storedCustomer', () => {
  it('is the stored phone and nickname when the token cookie is there', () => {
    store({ mobilePhone: '13800138000', nickname: '张晓明', userId: 'u1' });
    document.cookie = 'token=abc; path=/';
    expect(storedCustomer()).toEqual({ mobilePhone: '13800138000', nickname: '张晓明' });
  });

  it('is nobody without the cookie, without a stored phone, or with a malformed store', () => {
    store({ mobilePhone: '13800138000' });
    expect(storedCustomer()).toBeNull();
    document.cookie = 'token=abc; path=/';
    store({ nickname: '张晓明' });
    expect(storedCustomer()).toBeNull();
    store({ mobilePhone: 13800138000 });
    expect(storedCustomer()).toBeNull();
    localStorage.setItem('user', '{not json');
    expect(storedCustomer()).toBeNull();
    localStorage.removeItem('user');
    expect(storedCustomer()).toBeNull();
  });

  it('reads a nickname that is not text as empty', () => {
    store({ mobilePhone: '13800138000', nickname: { html: '<b>x</b>' } });
    document.cookie = 'token=abc; path=/';
    expect(storedCustomer()).toEqual({ mobilePhone: '13800138000', nickname: '' });
  });
});
