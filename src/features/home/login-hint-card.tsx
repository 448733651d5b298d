import { goToLogin } from '@/lib/login-redirect';
import './home-widgets.css';

export interface LoginHintCardProps {
  indexCode: string;
  /** Bar two's screens return through /transferPage1 (docs/product.md §2.3). */
  transferPage?: '/transferPage' | '/transferPage1';
}

/** A gentle prompt for logged-out visitors: what logging in gives them, and a 登录 button. */
export function LoginHintCard({ indexCode, transferPage = '/transferPage' }: LoginHintCardProps) {
  return (
    <section className="login-hint" aria-label="登录提示">
      <div className="login-hint__text">
        <p className="login-hint__title">登录查看您的健康权益</p>
        <p className="login-hint__desc">保单附带的服务、剩余次数和有效期一目了然</p>
      </div>
      <button
        type="button"
        className="app-button app-button--primary login-hint__button"
        onClick={() => goToLogin({ indexCode, transferPage })}
      >
        登录
      </button>
    </section>
  );
}
