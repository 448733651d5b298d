import {
  AppstoreOutline,
  BillOutline,
  CloseShieldOutline,
  ContentOutline,
  FileOutline,
  GiftOutline,
  LockOutline,
  MessageOutline,
  RightOutline,
  SystemQRcodeOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { track } from '@/lib/track';

interface MenuEntry {
  label: string;
  icon: ReactNode;
  path: string;
  badge?: number;
}

export interface MineMenuProps {
  /** Agents see their share code entry (docs/product.md §3.3: role 'agent' unlocks it). */
  isAgent: boolean;
  unread: number;
  toEvaluate: number;
  /** /my/share on classic screens, /my/shareNew on the new theme. */
  sharePath: '/my/share' | '/my/shareNew';
  onUnbind: () => void;
  unbinding: boolean;
}

/** The personal centre's menu: every screen the user can reach from here, then 解除绑定. */
export function MineMenu({ isAgent, unread, toEvaluate, sharePath, onUnbind, unbinding }: MineMenuProps) {
  const navigate = useNavigate();
  const groups: MenuEntry[][] = [
    [
      { label: '我的权益', icon: <GiftOutline />, path: '/rights' },
      { label: '使用记录', icon: <BillOutline />, path: '/rights?tab=records', badge: toEvaluate },
      { label: '消息中心', icon: <MessageOutline />, path: '/message', badge: unread },
      { label: '个人信息', icon: <UserOutline />, path: '/my/info' },
      ...(isAgent ? [{ label: '我的推广码', icon: <SystemQRcodeOutline />, path: sharePath }] : []),
    ],
    [
      { label: '服务列表', icon: <AppstoreOutline />, path: '/servList' },
      { label: '用户协议', icon: <FileOutline />, path: '/agreement' },
      { label: '用户须知', icon: <ContentOutline />, path: '/userNotice' },
      { label: '隐私政策', icon: <LockOutline />, path: '/privacyPolicy' },
    ],
  ];

  const open = (entry: MenuEntry) => {
    track('tap_mine_menu', { target: entry.path });
    navigate(entry.path);
  };

  return (
    <nav className="mine-menu" aria-label="我的菜单">
      {groups.map((group, index) => (
        <ul key={index} className="mine-menu__group">
          {group.map((entry) => (
            <li key={entry.path}>
              <button type="button" className="mine-menu__item" onClick={() => open(entry)}>
                <span className="mine-menu__icon" aria-hidden="true">
                  {entry.icon}
                </span>
                <span className="mine-menu__label">{entry.label}</span>
                {Boolean(entry.badge) && (
                  <span className="mine-menu__badge" aria-label={`${entry.badge}条`}>
                    {entry.badge! > 99 ? '99+' : entry.badge}
                  </span>
                )}
                <RightOutline className="mine-menu__arrow" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ))}
      <ul className="mine-menu__group">
        <li>
          <button
            type="button"
            className="mine-menu__item mine-menu__item--danger"
            onClick={onUnbind}
            disabled={unbinding}
          >
            <span className="mine-menu__icon" aria-hidden="true">
              <CloseShieldOutline />
            </span>
            <span className="mine-menu__label">解除绑定</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
