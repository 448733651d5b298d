import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';

export interface SignedInProps {
  /** What the screen says about the session, e.g. 您已登录：138****8000. */
  text: string;
  indexCode: string;
  /** More choices under 进入首页 (切换账号). */
  children?: ReactNode;
}

/** A login screen opened while logged in: says so and offers 进入首页 (replacing this entry). */
export function SignedIn({ text, indexCode, children }: SignedInProps) {
  const navigate = useNavigate();
  return (
    <>
      <p className="login__signed-in">{text}</p>
      <button
        type="button"
        className="app-button app-button--primary app-button--block"
        onClick={() => navigate(paths.home(indexCode), { replace: true })}
      >
        进入首页
      </button>
      {children}
    </>
  );
}
