import type { ReactNode } from 'react';

export interface MineHeaderProps {
  /** The avatar: the picker on the screen, its place before the app. */
  avatar: ReactNode;
  nickname: string;
  /** The phone, masked (maskPhone). */
  phone: string;
}

/**
 * The personal centre's header: avatar, nickname and masked phone. The page draws it before the
 * app from this component too (build/first-paint/templates.tsx, decision 0057).
 */
export function MineHeader({ avatar, nickname, phone }: MineHeaderProps) {
  return (
    <header className="mine__header">
      {avatar}
      <div className="mine__who">
        <p className="mine__name">{nickname}</p>
        <p className="mine__phone">{phone}</p>
      </div>
    </header>
  );
}
